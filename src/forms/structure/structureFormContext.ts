import type { Registry } from '@rjsf/utils';
import type { StructureRules } from '../../domain/structure';

/** What the structure fields need besides the draft: the rules of the root, whether lots carry materials, the lot type. */
export interface StructureFormContext {
  rules: StructureRules;
  /** False for the CCL tenant: drawing jobs are scheduled by week, without material rows. */
  withMaterials: boolean;
  secondLevelType: 'approvallot' | 'drawingjob';
  /** For dates in messages. */
  locale?: string;
}

export function structureContext(registry: Registry): StructureFormContext {
  return registry.formContext as StructureFormContext;
}

/** Translation keys that depend on whether the second level holds approval lots, drawing jobs or AAC order lots. */
export function lotTexts(secondLevelType: StructureFormContext['secondLevelType'], orderLots = false) {
  const drawingJobs = secondLevelType === 'drawingjob';
  if (orderLots) {
    return {
      name: 'STRUCTURE.OrderLotName',
      newEntry: 'STRUCTURE.NewOrderLot',
      remove: 'STRUCTURE.DeleteOrderLot',
      count: 'STRUCTURE.OrderLotCount',
      placeholder: 'STRUCTURE.PlaceholderOrderLot',
    };
  }
  return {
    name: drawingJobs ? 'STRUCTURE.DrawingJobName' : 'STRUCTURE.ApprovalLotName',
    newEntry: drawingJobs ? 'STRUCTURE.NewDrawingJob' : 'STRUCTURE.NewApprovalLot',
    remove: drawingJobs ? 'STRUCTURE.DeleteDrawingJob' : 'STRUCTURE.DeleteApprovalLot',
    count: drawingJobs ? 'STRUCTURE.DrawingJobCount' : 'STRUCTURE.LotCount',
    placeholder: drawingJobs ? 'STRUCTURE.PlaceholderDrawingJob' : 'STRUCTURE.PlaceholderApprovalLot',
  };
}
