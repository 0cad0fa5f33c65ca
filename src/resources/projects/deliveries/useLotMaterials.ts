import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { availableVolume, lotMaterialProblems } from '../../../domain/deliveries';
import { sumVolume, todayIso, type MaterialType, type StructureMaterial } from '../../../domain/structure';
import { useConflictHandler } from '../../../providers/conflict';
import { usePortalDataProvider, type PortalDataProvider } from '../../../providers/dataProvider';
import { serverMessages } from '../../../components/ServerMessages';
import { referencePath, sameMaterials, type MaterialRowProblem } from './deliveryQueries';

/** The approval lot whose materials are edited: an existing one (unitId) or a new one under a subproject. */
export interface LotMaterialsTarget {
  rootId: number;
  subprojectId: number;
  unitId?: number;
}

interface LotRules {
  materials: StructureMaterial[];
  available: number;
  materialTypes: MaterialType[];
  minDate: Record<string, string>;
  canEdit: boolean;
  editReason: string | null;
}

/**
 * An existing lot brings its own rules (`materials/{id}/context`). A new lot takes the earliest dates of the
 * structure's material types and what its subproject still holds (350 m³ minus its lots' materials).
 */
async function loadRules(dataProvider: PortalDataProvider, target: LotMaterialsTarget): Promise<LotRules> {
  if (target.unitId) {
    const { materials, context } = await dataProvider.getLotMaterials(target.unitId);
    return { materials, ...context };
  }
  const [rules, deliveryData] = await Promise.all([dataProvider.getStructureRules(target.rootId), dataProvider.getDeliveryData(target.rootId)]);
  const subproject = deliveryData.subProjects.find((candidate) => candidate.subProjectID === target.subprojectId);
  const used = sumVolume(subproject?.approvalLots.flatMap((lot) => lot.materials) ?? []);
  return {
    materials: [],
    available: availableVolume(used),
    materialTypes: rules.materialTypes,
    minDate: Object.fromEntries(rules.materialTypes.map((type) => [type.key, type.minDate])),
    canEdit: deliveryData.canEdit,
    editReason: deliveryData.editReason,
  };
}

/** 'conflict': the lot changed meanwhile (409); the message is shown and the lot's data read again. */
export type MaterialSaveResult = 'unchanged' | 'saved' | 'failed' | 'conflict';

/** The material rows of an approval lot in the create and edit dialogs; `save` posts them after the unit is saved. */
export function useLotMaterials(target: LotMaterialsTarget | null) {
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  const handleConflict = useConflictHandler();
  const query = useQuery({
    queryKey: ['lot-materials', target?.rootId, target?.subprojectId, target?.unitId ?? 'new'],
    enabled: Boolean(target),
    queryFn: () => loadRules(dataProvider, target!),
    gcTime: 0,
    retry: false,
  });
  const [edited, setEdited] = useState<StructureMaterial[] | null>(null);
  const [serverProblems, setServerProblems] = useState<MaterialRowProblem[]>([]);
  const [messages, setMessages] = useState<string[]>([]);
  const rules = target ? query.data : undefined;
  const rows = edited ?? rules?.materials ?? [];
  const dirty = Boolean(rules && edited && !sameMaterials(edited, rules.materials));
  const minDate = useMemo(() => (type: string) => rules?.minDate[type] ?? rules?.materialTypes.find((candidate) => candidate.key === type)?.minDate ?? todayIso(), [rules]);
  // An existing lot's untouched rows are not checked: their dates may have passed since they were entered.
  const clientProblems = useMemo(
    () => (rules && rules.canEdit && (dirty || !target?.unitId) ? lotMaterialProblems(rows, { available: rules.available, materialTypes: rules.materialTypes, minDate }) : []),
    [rules, dirty, target?.unitId, rows, minDate],
  );

  const setRows = (next: StructureMaterial[]) => {
    setEdited(next);
    setServerProblems([]);
    setMessages([]);
  };

  /**
   * Posts the rows when there is something to post (a new lot's rows, an existing lot's changes), naming the lot's
   * version: the one the dialog just saved the unit with, or the one read.
   */
  const save = async (unitId: number, version: number): Promise<MaterialSaveResult> => {
    if (!target || !rules?.canEdit) return 'unchanged';
    if (target.unitId ? !dirty : rows.length === 0) return 'unchanged';
    try {
      const saved = await dataProvider.saveLotMaterials(unitId, version, rows);
      setEdited(saved);
      await queryClient.invalidateQueries({ queryKey: ['delivery-data'] });
      return 'saved';
    } catch (error) {
      if (handleConflict(error, () => queryClient.invalidateQueries({ queryKey: ['lot-materials'] }))) {
        setEdited(null);
        return 'conflict';
      }
      const atRows: MaterialRowProblem[] = [];
      const general: string[] = [];
      for (const message of serverMessages(error)) {
        const path = referencePath(message.reference);
        if (typeof path[0] === 'number') atRows.push({ path, key: message.key ?? '', text: message.text });
        else general.push(message.text);
      }
      setServerProblems(atRows);
      setMessages(general);
      return 'failed';
    }
  };

  return {
    active: Boolean(target),
    isPending: Boolean(target) && query.isPending,
    error: target ? query.error : null,
    rules,
    rows,
    setRows,
    minDate,
    problems: [...clientProblems, ...serverProblems],
    messages,
    /** Client problems block the dialog's Save. */
    invalid: clientProblems.length > 0,
    save,
  };
}

export type LotMaterials = ReturnType<typeof useLotMaterials>;
