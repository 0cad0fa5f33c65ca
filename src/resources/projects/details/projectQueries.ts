import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberRole, ProjectFeature, ProjectUnit, RuleResult, UnitType } from '../../../domain/projectUnits';
import type { UnitAction } from '../../../domain/workflow';
import { httpClient } from '../../../providers/http';

export const PROJECTS_API = '/api/data/planxchange/projects';

export interface UnitPageContext {
  unit: ProjectUnit;
  root: ProjectUnit;
  path: ProjectUnit[];
  role: MemberRole | null;
  isInternal: boolean;
  features: ProjectFeature[];
  infoSheetValid: boolean;
  tenant: { id: number; name: string; type: 'standard' | 'ccl'; hasLogo: boolean; features: string[] };
  allowedChildTypes: UnitType[];
  can: {
    create: Partial<Record<UnitType, RuleResult>>;
    edit: RuleResult;
    delete: RuleResult;
    /** May the user build the structure (structure page, finish action). */
    structure: RuleResult;
    /** May the user change delivery data (materials of approval lots). */
    materials: RuleResult;
    /** May the user mark deliveries of the delivery overview done. */
    confirmDeliveries: boolean;
    /** May the user assign product types, plants and order numbers (the planning screen). */
    assign: RuleResult;
    /** The viewer button: the unit's state shows it and an IFC model applies to the unit (its own or a parent's). */
    viewer?: boolean;
  };
  /** The caller's task on the unit and the action buttons of its state (from the workflow definition). */
  workflow: { task: { taskKey: string; help: string | null } | null; actions: UnitAction[]; definitionVersion: number };
  journalAvailable: boolean;
}

export function useUnitContext(unitId: number) {
  return useQuery({
    queryKey: ['unit-context', unitId],
    queryFn: async () => (await httpClient(`${PROJECTS_API}/${unitId}/context`)).json as UnitPageContext,
    retry: false,
  });
}

export function useChildUnits(unitId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['unit-children', unitId],
    enabled,
    queryFn: async () => {
      const filter = encodeURIComponent(JSON.stringify({ parentProjectUnitID: unitId }));
      const sort = encodeURIComponent(JSON.stringify(['projectUnitNo', 'ASC']));
      return (await httpClient(`${PROJECTS_API}?filter=${filter}&sort=${sort}&range=[0,999]`)).json as ProjectUnit[];
    },
  });
}

/**
 * After a change: contexts, children and site data are read again, the cached pages of other units too
 * (refetchType 'all'), so navigating to the parent never shows the unit that was just deleted.
 */
export function useRefreshUnit() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['unit-context'], ['unit-children'], ['site'], ['projects']].map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all' })),
    );
}

export function detailsPath(unit: Pick<ProjectUnit, 'rootProjectUnitID' | 'projectUnitID'>): string {
  return unit.rootProjectUnitID === unit.projectUnitID
    ? `/home/app/project/details/${unit.rootProjectUnitID}`
    : `/home/app/project/details/${unit.rootProjectUnitID}/${unit.projectUnitID}`;
}
