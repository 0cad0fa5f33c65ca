import { vi } from 'vitest';
import { encodeGeometry, type ViewerGeometryMesh, type ViewerModel, type ViewerReady } from '../../src/domain/viewerModel';
import type { ProjectUnit } from '../../src/domain/projectUnits';
import type { UnitPageContext } from '../../src/resources/projects/details/projectQueries';
import type { SceneStyle } from '../../src/resources/projects/viewer/viewerSelection';

const wall = (id: number, name: string) => ({ type: 'WALL' as const, id, globalId: `GID-${id}`, name });

/** Two floors: EG (walls 11–13) and OG (walls 21–22). */
export const MODEL: ViewerModel = {
  type: 'MODEL',
  name: 'Schule am Stadtpark',
  children: [
    { type: 'FLOOR', id: 10, globalId: 'GID-10', name: 'EG', number: 1, elevation: 0, children: [wall(11, 'S-EG-W01'), wall(12, 'S-EG-W02'), wall(13, 'S-EG-W03')] },
    { type: 'FLOOR', id: 20, globalId: 'GID-20', name: 'OG', number: 2, elevation: 3.2, children: [wall(21, 'S-OG-W01'), wall(22, 'S-OG-W02')] },
  ],
};

/** One unit cube per wall, side by side. */
export const MESHES: ViewerGeometryMesh[] = [11, 12, 13, 21, 22].map((wallId, index) => ({
  wallId,
  positions: new Float32Array([index, 0, 0, index + 1, 0, 0, index + 1, 1, 0, index, 1, 0]),
  indices: new Uint32Array([0, 1, 2, 0, 2, 3]),
}));

export const readyView = (rootId = 5, unitId = 7): ViewerReady => ({
  rootProjectUnitID: rootId,
  projectUnitID: unitId,
  status: 'ready',
  file: { id: 3, name: 'Schule-am-Stadtpark.ifc' },
  hash: 'abc123',
  geometryUrl: `/api/view/${rootId}/${unitId}.bin?h=abc123`,
  bounds: { min: [0, 0, 0], max: [5, 1, 0] },
  model: MODEL,
});

export const unit = (id: number, overrides: Partial<ProjectUnit> = {}): ProjectUnit =>
  ({
    id,
    projectUnitID: id,
    rootProjectUnitID: 5,
    parentProjectUnitID: id === 5 ? null : 5,
    tenantID: 1,
    salesOrgID: 1,
    projectUnitType: id === 5 ? 'project' : 'approvallot',
    projectUnitTypeVariant: null,
    projectUnitNo: id === 5 ? 'NS-DE-2026-0002' : 'NS-DE-2026-0002-01-01',
    title: id === 5 ? 'Schule am Stadtpark' : 'Bauabschnitt 1',
    notes: '',
    stateKey: 'ReviewPreliminaryDrawings',
    stateSince: '2026-11-12T08:00:00.000Z',
    deliveryDate: null,
    earliestDeliveryDate: null,
    siteAddressID: null,
    siteContactID: null,
    productType: null,
    productTypeID: null,
    productTypeBGColor: null,
    productTypeTextColor: null,
    plant: null,
    plantID: null,
    data: '',
    preliminaryDays: 0,
    hasChildren: false,
    itemCount: 0,
    version: 1,
    ...overrides,
  }) as ProjectUnit;

export const unitContext = (overrides: Partial<UnitPageContext['can']> = {}, unitOverrides: Partial<ProjectUnit> = {}): UnitPageContext =>
  ({
    unit: unit(7, unitOverrides),
    root: unit(5, { stateKey: 'InProgress' }),
    path: [unit(5, { stateKey: 'InProgress' }), unit(7, unitOverrides)],
    role: 'reviewer',
    isInternal: false,
    features: [],
    infoSheetValid: true,
    tenant: { id: 1, name: 'NS-DE', type: 'standard', hasLogo: false, features: [] },
    allowedChildTypes: [],
    can: { create: {}, edit: { allowed: true }, delete: { allowed: false }, structure: { allowed: false }, materials: { allowed: false }, confirmDeliveries: false, viewer: true, ...overrides },
    workflow: { task: null, actions: [], definitionVersion: 1, message: null },
    journalAvailable: false,
  }) as UnitPageContext;

export const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
export const geometryResponse = () => Promise.resolve(new Response(encodeGeometry(MESHES), { status: 200, headers: { 'content-type': 'application/octet-stream' } }));

/** Stands in for the three.js scene in jsdom (no WebGL): records what the React side asks of it. */
export class FakeScene {
  static instances: FakeScene[] = [];
  meshes: readonly ViewerGeometryMesh[] | null = null;
  styles: SceneStyle[] = [];
  frames: { wallIds: readonly number[] | null; animate: boolean }[] = [];
  disposed = false;
  constructor(
    readonly container: HTMLElement,
    readonly options: { onPick?: (wallId: number | null) => void; onFirstFrame?: () => void },
  ) {
    FakeScene.instances.push(this);
  }
  setMeshes(meshes: readonly ViewerGeometryMesh[]) {
    this.meshes = meshes;
    this.options.onFirstFrame?.();
  }
  setStyle(style: SceneStyle) {
    this.styles.push(style);
  }
  frame(wallIds: readonly number[] | null, animate = true) {
    this.frames.push({ wallIds, animate });
  }
  dispose() {
    this.disposed = true;
  }
  get style(): SceneStyle | undefined {
    return this.styles[this.styles.length - 1];
  }
  static last(): FakeScene {
    const scene = FakeScene.instances[FakeScene.instances.length - 1];
    if (!scene) throw new Error('no scene yet');
    return scene;
  }
}

export const sceneModuleMock = () => ({ ModelScene: FakeScene, HIGHLIGHT_COLOR: '#ff6d00' });
export const resetScenes = () => {
  FakeScene.instances = [];
  vi.unstubAllGlobals();
};
