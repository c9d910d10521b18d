import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, type ReactNode } from 'react';

/** How a list's items are named in French, for the announcements. */
export interface ItemNoun {
  /** 'le chapitre', 'la leçon' */
  the: string;
  /** 'Le chapitre', 'La leçon' */
  The: string;
  /** The feminine ending of the past participles that agree with it: '' or 'e'. */
  e: '' | 'e';
}

export interface HandleProps {
  ref: (element: HTMLElement | null) => void;
  [attribute: string]: unknown;
}

export const moveInstructions =
  'Pour déplacer cet élément au clavier, appuyez sur Espace ou Entrée, puis sur les flèches haut et bas ; Espace ou Entrée pour le déposer, Échap pour annuler.';

/** The sentence read after a move, by drag and drop or by the "Monter" / "Descendre" buttons. */
export function movedSentence(noun: ItemNoun, title: string, index: number, total: number): string {
  return `${noun.The} « ${title} » est maintenant en position ${index + 1} sur ${total}.`;
}

function SortableItem({ id, children }: { id: UniqueIdentifier; children: (handle: HandleProps, dragging: boolean) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}>
      {children({ ref: setActivatorNodeRef, ...attributes, ...listeners }, isDragging)}
    </li>
  );
}

/**
 * A list reordered by drag and drop (pointer, touch or keyboard through each item's handle), with
 * French announcements; `onReorder` gets every id in the new order.
 */
export function SortableList<T extends { id: number; title: string }>({
  items,
  noun,
  label,
  onReorder,
  children,
}: {
  items: T[];
  noun: ItemNoun;
  /** The list's accessible name. */
  label: string;
  onReorder: (ids: number[], moved: T, index: number) => void;
  children: (item: T, index: number, handle: HandleProps, dragging: boolean) => ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const title = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.title ?? '';
  const position = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id) + 1;
  // dnd-kit reports the start position as "over" as soon as the drag starts: saying it would cut the "saisi" sentence short.
  const movedAway = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${noun.The} « ${title(active.id)} » est saisi${noun.e}, en position ${position(active.id)} sur ${items.length}.`,
    onDragOver: ({ active, over }) => {
      if (over?.id !== active.id) movedAway.current = true;
      if (!movedAway.current) return undefined;
      return over ? `${noun.The} « ${title(active.id)} » passe en position ${position(over.id)} sur ${items.length}.` : `${noun.The} « ${title(active.id)} » n'est au-dessus d'aucune position.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${noun.The} « ${title(active.id)} » est déposé${noun.e} en position ${position(over.id)} sur ${items.length}.` : `${noun.The} « ${title(active.id)} » est revenu${noun.e} à sa place.`,
    onDragCancel: ({ active }) => `Déplacement annulé : ${noun.the} « ${title(active.id)} » est revenu${noun.e} à sa place.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    const moved = items[from];
    if (from < 0 || to < 0 || !moved) return;
    onReorder(
      arrayMove(items, from, to).map((item) => item.id),
      moved,
      to,
    );
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: moveInstructions } }}>
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
          {items.map((item, index) => (
            <SortableItem key={item.id} id={item.id}>
              {(handle, dragging) => children(item, index, handle, dragging)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
