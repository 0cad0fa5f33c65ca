import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  EdgesGeometry,
  type GridHelper,
  Group,
  HemisphereLight,
  LineSegments,
  Mesh,
  PerspectiveCamera,
  Raycaster,
  Scene,
  Vector2,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { ViewerGeometryMesh } from '../../../domain/viewerModel';
import { clipPlanesFor, DEFAULT_VIEW_DIRECTION, moveCamera, poseFor } from './cameraMotion';
import { groundGrid } from './sceneGrid';
import { createSceneMaterials, wallLook } from './sceneMaterials';
import { attachPicking } from './scenePointer';
import { SCENE_BACKGROUND } from './viewerColors';
import { PLAIN_STYLE, type SceneStyle } from './viewerSelection';

export { HIGHLIGHT_COLOR } from './viewerColors';

/** Outlines double the memory of a wall; on very large models they are left out. */
const MAX_OUTLINED_WALLS = 4000;

interface WallObject {
  meshes: Mesh[];
  edges: LineSegments[];
  /** X-ray copies (same geometry), made when the wall is first highlighted. */
  xray: Mesh[];
  box: Box3;
}

export interface ModelSceneOptions {
  /** A click on a wall (its id) or on empty space (null). */
  onPick?: (wallId: number | null) => void;
  /** Called once, after the first frame that shows walls has been drawn. */
  onFirstFrame?: () => void;
}

/**
 * The 3D view of a model: one mesh per wall from the decoded geometry, orbit/zoom/pan, fitting, picking.
 * It draws only when something changed (camera, style, size), never in a permanent loop.
 * Load it through `import()` only: three.js must stay out of the first bundle.
 */
export class ModelScene {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(40, 1, 0.1, 1000);
  private readonly controls: OrbitControls;
  private readonly model = new Group();
  private readonly walls = new Map<number, WallObject>();
  private readonly materials = createSceneMaterials();
  private readonly raycaster = new Raycaster();
  private readonly resizeObserver: ResizeObserver;
  private readonly detachPicking: () => void;
  private grid: GridHelper | null = null;
  private modelBox = new Box3();
  private style: SceneStyle = PLAIN_STYLE;
  private frameHandle = 0;
  private stopMotion: (() => void) | null = null;
  /** What the camera was last framed on, until the user moves it: a resize frames it again. */
  private framed: { wallIds: readonly number[] | null } | null = null;
  private framesDrawn = 0;
  private firstFrameReported = false;
  private disposed = false;

  constructor(
    private readonly container: HTMLElement,
    private readonly options: ModelSceneOptions = {},
  ) {
    this.renderer = new WebGLRenderer({ antialias: true, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.renderer.setClearColor(new Color(SCENE_BACKGROUND));
    const canvas = this.renderer.domElement;
    Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%', touchAction: 'none', outline: 'none', cursor: 'grab' });
    canvas.tabIndex = 0;
    canvas.dataset.testid = 'scene-canvas';
    container.appendChild(canvas);

    const sky = new HemisphereLight('#ffffff', '#b8b1a4', 1.9);
    const sun = new DirectionalLight('#ffffff', 2.1);
    sun.position.set(0.6, 1, 0.45);
    const fill = new DirectionalLight('#ffffff', 0.7);
    fill.position.set(-0.7, 0.35, -0.6);
    this.scene.add(sky, sun, fill, this.model);

    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = false;
    this.controls.screenSpacePanning = true;
    this.controls.listenToKeyEvents(canvas);
    this.controls.addEventListener('change', this.requestRender);
    this.controls.addEventListener('start', this.onUserMove);

    const { onPick } = options;
    this.detachPicking = onPick ? attachPicking(canvas, (x, y) => this.wallAt(x, y), onPick) : () => undefined;
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
  }

  /** Replaces the walls with new geometry and frames the whole model. */
  setMeshes(meshes: readonly ViewerGeometryMesh[]): void {
    this.clearWalls();
    const outlined = meshes.length <= MAX_OUTLINED_WALLS;
    for (const source of meshes) {
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(source.positions, 3));
      geometry.setIndex(new BufferAttribute(source.indices, 1));
      geometry.computeVertexNormals();
      geometry.computeBoundingBox();
      geometry.computeBoundingSphere();
      const mesh = new Mesh(geometry, this.materials.surface.normal);
      mesh.userData.wallId = source.wallId;
      const wall = this.walls.get(source.wallId) ?? { meshes: [], edges: [], xray: [], box: new Box3() };
      wall.meshes.push(mesh);
      wall.box.union(geometry.boundingBox!);
      this.model.add(mesh);
      if (outlined) {
        const edges = new LineSegments(new EdgesGeometry(geometry, 25), this.materials.edges.normal);
        wall.edges.push(edges);
        this.model.add(edges);
      }
      this.walls.set(source.wallId, wall);
    }
    this.modelBox = new Box3();
    this.walls.forEach((wall) => this.modelBox.union(wall.box));
    this.placeGrid();
    this.applyStyle();
    this.frame(null, false);
  }

  /** Paints the walls: highlighted, selected, ghosted or hidden. */
  setStyle(style: SceneStyle): void {
    this.style = style;
    this.applyStyle();
  }

  /** Turns the camera to show these walls (all visible walls when none are given or none has geometry). */
  frame(wallIds: readonly number[] | null, animate = true): void {
    if (this.modelBox.isEmpty()) return;
    const box = this.boxOf(wallIds) ?? this.boxOf(this.visibleIds()) ?? this.modelBox;
    const offset = this.camera.position.clone().sub(this.controls.target);
    const direction = this.framesDrawn > 0 && offset.lengthSq() > 1e-9 ? offset.normalize() : DEFAULT_VIEW_DIRECTION;
    // A chosen wall or floor keeps some of its surroundings in view.
    const pose = poseFor(box, this.camera, direction, wallIds?.length ? 1.5 : 1.1);
    this.framed = { wallIds };
    clipPlanesFor(this.modelBox, this.camera);
    this.interruptMotion();
    if (!animate) {
      this.camera.position.copy(pose.position);
      this.controls.target.copy(pose.target);
      this.controls.update();
      this.requestRender();
      return;
    }
    this.container.dataset.moving = 'true';
    this.stopMotion = moveCamera(
      this.camera,
      this.controls.target,
      pose,
      () => this.controls.update(),
      () => {
        this.stopMotion = null;
        this.container.dataset.moving = 'false';
      },
    );
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frameHandle);
    this.interruptMotion();
    this.resizeObserver.disconnect();
    const canvas = this.renderer.domElement;
    this.detachPicking();
    this.controls.removeEventListener('change', this.requestRender);
    this.controls.removeEventListener('start', this.onUserMove);
    this.controls.dispose();
    this.clearWalls();
    this.materials.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    canvas.remove();
  }

  private readonly requestRender = () => {
    if (this.frameHandle || this.disposed) return;
    this.frameHandle = requestAnimationFrame(() => {
      this.frameHandle = 0;
      this.draw();
    });
  };

  private draw() {
    this.renderer.render(this.scene, this.camera);
    this.framesDrawn++;
    this.container.dataset.frames = String(this.framesDrawn);
    if (!this.firstFrameReported && this.walls.size > 0) {
      this.firstFrameReported = true;
      // The frame is on screen once the browser has composited it: report at the next animation frame.
      requestAnimationFrame(() => !this.disposed && this.options.onFirstFrame?.());
    }
  }

  private readonly onUserMove = () => {
    this.framed = null;
    this.interruptMotion();
  };

  private readonly interruptMotion = () => {
    this.stopMotion?.();
    this.stopMotion = null;
    this.container.dataset.moving = 'false';
  };

  private resize() {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    if (this.framed) this.frame(this.framed.wallIds, false);
    this.requestRender();
  }

  private applyStyle() {
    const { visible } = this.style;
    this.walls.forEach((wall, id) => {
      const look = wallLook(id, this.style);
      const shown = !visible || visible.has(id);
      for (const mesh of wall.meshes) {
        mesh.material = this.materials.surface[look];
        mesh.visible = shown;
        // Transparent walls come after the solid ones, so the solid ones show through them.
        mesh.renderOrder = look === 'ghosted' ? 1 : 0;
      }
      for (const edges of wall.edges) {
        edges.material = this.materials.edges[look];
        edges.visible = shown;
        edges.renderOrder = look === 'ghosted' ? 1 : 0;
      }
      const lit = shown && (look === 'highlighted' || look === 'selected');
      if (lit && !wall.xray.length) wall.xray = wall.meshes.map((mesh) => this.xrayOf(mesh));
      for (const xray of wall.xray) xray.visible = lit;
    });
    this.requestRender();
  }

  private xrayOf(mesh: Mesh): Mesh {
    const xray = new Mesh(mesh.geometry, this.materials.xray);
    xray.renderOrder = 2;
    xray.raycast = () => undefined;
    this.model.add(xray);
    return xray;
  }

  private visibleIds(): number[] {
    return [...this.walls.keys()].filter((id) => !this.style.visible || this.style.visible.has(id));
  }

  private boxOf(wallIds: readonly number[] | null): Box3 | null {
    if (!wallIds?.length) return null;
    const box = new Box3();
    for (const id of wallIds) {
      const wall = this.walls.get(id);
      if (wall) box.union(wall.box);
    }
    return box.isEmpty() ? null : box;
  }

  private placeGrid() {
    if (this.grid) {
      this.scene.remove(this.grid);
      this.grid.dispose();
    }
    this.grid = groundGrid(this.modelBox);
    if (this.grid) this.scene.add(this.grid);
  }

  private clearWalls() {
    this.walls.forEach((wall) => {
      wall.meshes.forEach((mesh) => mesh.geometry.dispose());
      wall.edges.forEach((edges) => edges.geometry.dispose());
    });
    this.walls.clear();
    this.model.clear();
  }

  private wallAt(clientX: number, clientY: number): number | null {
    const rect = this.renderer.domElement.getBoundingClientRect();
    if (!rect.width || !rect.height) return null;
    const pointer = new Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(pointer, this.camera);
    const candidates = [...this.walls.values()].flatMap((wall) => wall.meshes).filter((mesh) => mesh.visible);
    const hit = this.raycaster.intersectObjects(candidates, false)[0];
    return hit ? (hit.object.userData.wallId as number) : null;
  }
}
