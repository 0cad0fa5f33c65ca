import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useDroppable, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Badge, Box, Card, IconButton, Typography } from '@mui/material';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslate } from 'react-admin';
import type { ModelItem, ModelSection, SheetModel } from '../../../domain/questionnaire/builder';
import { ControlLook, textIn } from '../ControlLook';

/** `textIn` lives with `ControlLook` (the compare page draws controls too); the builder's modules import it from here. */
export { textIn };

interface CanvasProps {
  model: SheetModel;
  selected: string | null;
  onSelect: (id: string) => void;
  /** An item dropped: into a section (path of keys) at an index of its children. */
  onMove: (id: string, into: string[], index: number) => void;
  /** Problems per item id, for the badge. */
  problemCounts: Map<string, number>;
  language: string;
}

interface FrameProps {
  item: ModelItem;
  selected: boolean;
  problems: number;
  onSelect: (id: string) => void;
  language: string;
  /** A section's children need the selection and the problem counts; a control gets null (so an edit elsewhere, or a
   * new problem count, does not render it again). */
  selectedId: string | null;
  problemCounts: Map<string, number> | null;
}

// Memoized per item: a keystroke changes one item (and the sections it is in, by structural sharing); the other
// frames of a 200-control sheet keep their render.
const ItemFrame = memo(function ItemFrame({ item, selected, problems, onSelect, language, selectedId, problemCounts }: FrameProps) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const width = item.kind === 'control' ? (item.node['x-fullWidth'] ? 12 : (item.node['x-width'] ?? 6)) : 12;
  const title = textIn(item.node, 'title', language) || item.key;
  // A selected item (a new one, or one chosen from the problem list) is brought into view.
  const frame = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (selected) frame.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [selected]);
  return (
    <Box
      ref={(element: HTMLElement | null) => {
        frame.current = element;
        setNodeRef(element);
      }}
      data-testid={`builder-item-${item.key}`}
      data-item-id={item.id}
      sx={{
        gridColumn: { xs: 'span 12', md: `span ${width}` },
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.5 : 1,
        minWidth: 0,
        // A large sheet is a long canvas: the browser lays out and paints only the items near the screen, and an edit
        // inside one item does not lay out the others again.
        contain: 'layout paint style',
        ...(item.kind === 'section' && !isDragging ? { contentVisibility: 'auto', containIntrinsicSize: 'auto 480px' } : {}),
      }}
    >
      <Box
        onClick={(event) => {
          event.stopPropagation();
          onSelect(item.id);
        }}
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 0.5,
          p: 1,
          borderRadius: 1,
          border: 2,
          borderColor: selected ? 'primary.main' : problems ? 'error.main' : 'transparent',
          bgcolor: item.kind === 'section' ? 'action.hover' : 'background.paper',
          cursor: 'pointer',
          '&:hover': { borderColor: selected ? 'primary.main' : 'divider' },
        }}
      >
        <IconButton size="small" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={translate('SHEET_BUILDER.DragHandle', { name: title })} data-testid={`drag-${item.key}`} sx={{ cursor: 'grab', mt: 0.25 }}>
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Badge color="error" badgeContent={problems} sx={{ display: 'block', '& .MuiBadge-badge': { right: 8 } }}>
            {item.kind === 'control' ? (
              <ControlLook control={item} language={language} />
            ) : (
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {title}
              </Typography>
            )}
          </Badge>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {item.key}
            {(item.node['x-activeIf'] || item.node['x-activationPaths']) && ` · ${translate('SHEET_BUILDER.HasCondition')}`}
          </Typography>
          {item.kind === 'section' && problemCounts && <SectionBody section={item} selected={selectedId} onSelect={onSelect} problemCounts={problemCounts} language={language} />}
        </Box>
      </Box>
    </Box>
  );
});

/**
 * The ids of a list of items, the same array while they are the same ids: a new array would tell every sortable
 * item of the list to render again (dnd-kit's context), which on a 200-control sheet costs a keystroke's frame.
 */
function useIds(items: ModelItem[]): string[] {
  const joined = items.map((item) => item.id).join('\u0000');
  return useMemo(() => (joined ? joined.split('\u0000') : []), [joined]);
}

function SectionBody({ section, ...props }: Omit<CanvasProps, 'model' | 'onMove'> & { section: ModelSection }) {
  const ids = useIds(section.children);
  const { setNodeRef, isOver } = useDroppable({ id: `drop:${section.id}` });
  return (
    <SortableContext items={ids} strategy={rectSortingStrategy}>
      <Box ref={setNodeRef} sx={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: 1, mt: 1, minHeight: 48, borderRadius: 1, outline: isOver ? 2 : 0, outlineColor: 'primary.light' }}>
        <Items items={section.children} {...props} />
      </Box>
    </SortableContext>
  );
}

function Items({ items, ...props }: Omit<CanvasProps, 'model' | 'onMove'> & { items: ModelItem[] }) {
  return (
    <>
      {items.map((item) => (
        <ItemFrame
          key={item.id}
          item={item}
          selected={props.selected === item.id}
          problems={props.problemCounts.get(item.id) ?? 0}
          onSelect={props.onSelect}
          language={props.language}
          selectedId={item.kind === 'section' ? props.selected : null}
          problemCounts={item.kind === 'section' ? props.problemCounts : null}
        />
      ))}
    </>
  );
}

/** Where an item is: its parent's key path and its index there. */
function locate(items: ModelItem[], id: string, parent: string[] = []): { parent: string[]; index: number; item: ModelItem } | null {
  for (const [index, item] of items.entries()) {
    if (item.id === id) return { parent, index, item };
    if (item.kind === 'section') {
      const found = locate(item.children, id, [...parent, item.key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The sheet as sections and controls, each selectable; drag (pointer or keyboard: Space, arrows, Space) reorders
 * within and between sections. Whether a drop is allowed is the domain's `dropRefusal` (checked by the move).
 */
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

export const BuilderCanvas = memo(function BuilderCanvas({ model, onMove, ...props }: CanvasProps) {
  const sectionIds = useIds(model.sections);
  const translate = useTranslate();
  // What a screen reader hears while an item is dragged, in the user's language (dnd-kit's own are English).
  const nameOf = (id: UniqueIdentifier | undefined) => {
    const found = id === undefined ? null : locate(model.sections, String(id).replace(/^drop:/, ''));
    return found ? textIn(found.item.node, 'title', props.language) || found.item.key : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => translate('SHEET_BUILDER.Drag.Start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? translate('SHEET_BUILDER.Drag.Over', { name: nameOf(active.id), target: nameOf(over.id) }) : translate('SHEET_BUILDER.Drag.Outside', { name: nameOf(active.id) })),
    onDragEnd: ({ active, over }) => (over ? translate('SHEET_BUILDER.Drag.End', { name: nameOf(active.id), target: nameOf(over.id) }) : translate('SHEET_BUILDER.Drag.Cancel', { name: nameOf(active.id) })),
    onDragCancel: ({ active }) => translate('SHEET_BUILDER.Drag.Cancel', { name: nameOf(active.id) }),
  };
  // Options kept outside the render: new objects would make new sensors, and dnd-kit would render every item again.
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const overId = String(over.id);
    if (overId.startsWith('drop:')) {
      const section = locate(model.sections, overId.slice(5));
      if (section) onMove(String(active.id), [...section.parent, section.item.key], section.item.kind === 'section' ? section.item.children.length : 0);
      return;
    }
    const target = locate(model.sections, overId);
    if (target) onMove(String(active.id), target.parent, target.index);
  };
  return (
    <Card variant="outlined" sx={{ p: { xs: 1, md: 2 }, minWidth: 0 }} data-testid="builder-canvas" onClick={() => undefined}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: translate('SHEET_BUILDER.Drag.Instructions') } }}>
        <SortableContext items={sectionIds} strategy={rectSortingStrategy}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: 1.5 }}>
            <Items items={model.sections} {...props} />
          </Box>
        </SortableContext>
      </DndContext>
    </Card>
  );
});
