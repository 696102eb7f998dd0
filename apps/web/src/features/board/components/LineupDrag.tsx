import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useMemo, useRef, type ReactNode } from 'react';
import { LINEUP_DRAG_TEXTS as T } from '@scrim-gym/shared';

const STEP: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/**
 * The arrow keys jump from role to role in the lineup's order (the next one after the last wraps to the first),
 * rather than nudging the player a few pixels at a time: the dragged player's corner is set on the role's, and the
 * role stepped to (`stepped`) is the one the player is over (keyboardOnRole), whatever the page's scrolling did to
 * the drawing.
 */
function slotStepper(slots: readonly string[], stepped: { current: string | null }): KeyboardCoordinateGetter {
  return (event, { context: { droppableRects } }) => {
    const step = STEP[event.code];
    if (!step) return undefined;
    event.preventDefault();
    const order = slots.filter((slot) => droppableRects.has(slot));
    if (order.length === 0) return undefined;
    const at = stepped.current === null ? -1 : order.indexOf(stepped.current);
    const next = at === -1 ? (step > 0 ? 0 : order.length - 1) : (at + step + order.length) % order.length;
    stepped.current = order[next]!;
    const rect = droppableRects.get(stepped.current);
    return rect ? { x: rect.left, y: rect.top } : undefined;
  };
}

/** A keyboard drag is over the role its keys stepped to; a pointer's over the role its player overlaps most. */
const keyboardOnRole =
  (stepped: { current: string | null }): CollisionDetection =>
  (args) =>
    args.pointerCoordinates === null
      ? args.droppableContainers.filter((slot) => slot.id === stepped.current).map((slot) => ({ id: slot.id }))
      : rectIntersection(args);

/**
 * Dragging roster players onto the lineup's roles, with the pointer or the keyboard (Space or Enter picks up and
 * drops, the arrows move between roles, Escape cancels), each step told to screen readers. `onDrop` gets the
 * player's user id and the role's slot; the form decides what a drop changes.
 */
export function LineupDragArea({
  slots,
  labelOf,
  nameOf,
  onDrop,
  children,
}: {
  slots: readonly string[];
  labelOf: (slot: string) => string;
  nameOf: (userId: string) => string;
  onDrop: (userId: string, slot: string) => void;
  children: ReactNode;
}) {
  const stepped = useRef<string | null>(null);
  const coordinateGetter = useMemo(() => slotStepper(slots, stepped), [slots]);
  const collisionDetection = useMemo(() => keyboardOnRole(stepped), []);
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so that a click still reaches the player.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // The page jumps to a role out of view at once: a smooth scroll still under way would leave the player
    // short of the role the next key names.
    useSensor(KeyboardSensor, { coordinateGetter, scrollBehavior: 'auto' }),
  );
  const name = (id: string | number) => nameOf(String(id));
  const announcements: Announcements = {
    onDragStart: ({ active }) => T.pickedUp(name(active.id)),
    onDragOver: ({ active, over }) =>
      over ? T.over(name(active.id), labelOf(String(over.id))) : T.notOver(name(active.id)),
    onDragEnd: ({ active, over }) =>
      over ? T.dropped(name(active.id), labelOf(String(over.id))) : T.droppedNowhere(name(active.id)),
    onDragCancel: ({ active }) => T.cancelled(name(active.id)),
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={{ announcements, screenReaderInstructions: { draggable: T.instructions } }}
      onDragStart={() => (stepped.current = null)}
      onDragEnd={({ active, over }) => {
        if (over) onDrop(String(active.id), String(over.id));
      }}
    >
      {children}
    </DndContext>
  );
}

/** A roster player to drag: their name and where they stand (a role, the other lineup, their roster role). */
export function DraggablePlayer({
  userId,
  name,
  place,
  disabled,
}: {
  userId: string;
  name: string;
  place: string;
  disabled: boolean;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: userId, disabled });
  return (
    <Box component="li" sx={{ display: 'inline-flex', position: 'relative', zIndex: isDragging ? 2 : 'auto' }}>
      <Box
        ref={setNodeRef}
        data-roster-player={userId}
        {...attributes}
        {...listeners}
        aria-label={T.player(name, place)}
        sx={{
          display: 'inline-flex',
          alignItems: 'baseline',
          gap: 0.5,
          px: 1.25,
          py: 0.5,
          borderRadius: 4,
          border: 1,
          borderColor: isDragging ? 'primary.main' : 'divider',
          bgcolor: isDragging ? 'action.selected' : 'background.paper',
          cursor: disabled ? 'not-allowed' : 'grab',
          opacity: disabled ? 0.6 : 1,
          // The chip takes the pointer's drag rather than scrolling the page under a finger.
          touchAction: disabled ? 'auto' : 'none',
          transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Box>
        <Typography component="span" variant="caption" color="text.secondary">
          {place}
        </Typography>
      </Box>
    </Box>
  );
}

/** A role of the lineup that a dragged player can be dropped on; outlined while one is over it. */
export function DropSlot({ slot, children }: { slot: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: slot });
  return (
    <Box
      ref={setNodeRef}
      data-lineup-slot={slot}
      sx={{
        minWidth: 0,
        borderRadius: 1,
        outline: isOver ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: 3,
        display: 'grid',
      }}
    >
      {children}
    </Box>
  );
}
