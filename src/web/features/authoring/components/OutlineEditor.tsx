import AddIcon from '../../../components/icons/Add';
import ArrowDownwardIcon from '../../../components/icons/ArrowDownward';
import ArrowUpwardIcon from '../../../components/icons/ArrowUpward';
import DeleteIcon from '../../../components/icons/Delete';
import DragIndicatorIcon from '../../../components/icons/DragIndicator';
import DriveFileMoveIcon from '../../../components/icons/DriveFileMove';
import EditIcon from '../../../components/icons/Edit';
import QuizIcon from '../../../components/icons/Quiz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { TOAST_MS } from '../../../../shared/constants';
import type { CourseOutline, OutlineLesson, OutlineSection } from '../../../../shared/learning';
import { visuallyHidden } from '../../../components/visually-hidden';
import { ApiError } from '../../../lib/api-client';
import { serverFieldMessages } from '../../../lib/form-errors';
import { webPaths } from '../../../../shared/web-paths';
import { useDeleteLesson } from '../api/delete-lesson';
import { useDeleteSection } from '../api/delete-section';
import { useReorder } from '../api/reorder';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LessonDialog } from './LessonDialog';
import { MoveLessonDialog } from './MoveLessonDialog';
import { QuizDialog } from './QuizDialog';
import { SectionDialog } from './SectionDialog';
import { movedSentence, SortableList, type HandleProps, type ItemNoun } from './SortableList';
import { formatMinutes, plural } from '../../../../shared/french-format';

const chapterNoun: ItemNoun = { the: 'le chapitre', The: 'Le chapitre', e: '' };
const lessonNoun: ItemNoun = { the: 'la leçon', The: 'La leçon', e: 'e' };
const MOVE_FAILED = "Le nouvel ordre n'a pas pu être enregistré ; l'ordre précédent est rétabli.";
const DELETE_FAILED = "La suppression n'a pas abouti. Réessayez.";

type Editing =
  | { kind: 'section'; section?: OutlineSection }
  | { kind: 'lesson'; sectionId: number; lesson?: OutlineLesson }
  | { kind: 'move'; sectionId: number; lesson: OutlineLesson }
  | { kind: 'quiz'; sectionId: number }
  | null;
/** What the confirmation asks (`title`) and says will be gone (`text`), naming the chapter or lesson. */
type Deleting = { kind: 'section' | 'lesson'; id: number; name: string; title: string; text: string } | null;

function lessonCount(n: number): string {
  return plural(n, 'leçon');
}

function Handle({ handle, label }: { handle: HandleProps; label: string }) {
  const { ref, ...rest } = handle;
  return (
    <IconButton ref={ref} {...rest} aria-label={label} size="small" sx={{ cursor: 'grab', touchAction: 'none' }}>
      <DragIndicatorIcon />
    </IconButton>
  );
}

function MoveButtons({ index, total, noun, title, onMove }: { index: number; total: number; noun: ItemNoun; title: string; onMove: (to: number) => void }) {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'up' | 'down' | null>(null);
  // At either end the pressed button turns disabled: focus goes to the other one rather than being lost.
  useEffect(() => {
    if (pressed.current === 'up' && index === 0) down.current?.focus();
    if (pressed.current === 'down' && index === total - 1) up.current?.focus();
    pressed.current = null;
  }, [index, total]);
  return (
    <>
      <Button
        ref={up}
        size="small"
        startIcon={<ArrowUpwardIcon />}
        disabled={index === 0}
        onClick={() => {
          pressed.current = 'up';
          onMove(index - 1);
        }}
        aria-label={`Monter ${noun.the} « ${title} »`}
      >
        Monter
      </Button>
      <Button
        ref={down}
        size="small"
        startIcon={<ArrowDownwardIcon />}
        disabled={index === total - 1}
        onClick={() => {
          pressed.current = 'down';
          onMove(index + 1);
        }}
        aria-label={`Descendre ${noun.the} « ${title} »`}
      >
        Descendre
      </Button>
    </>
  );
}

function moveId(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** "Chapitres et leçons": add, rename, delete and reorder the course's chapters and text lessons. */
export function OutlineEditor({ courseId, outline }: { courseId: number; outline: CourseOutline }) {
  const reorder = useReorder();
  const removeSection = useDeleteSection();
  const removeLesson = useDeleteLesson();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const sections = outline.sections;
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

  function sendOrder(ids: number[], noun: ItemNoun, title: string, to: number, sectionId?: number) {
    setMoveError(null);
    setAnnouncement(movedSentence(noun, title, to, ids.length));
    reorder.mutate(
      { courseId, sectionId, ids },
      {
        onError: (error) => {
          const reason = error instanceof ApiError && error.status < 500 && error.status !== 0 ? (serverFieldMessages(error, ['ids']).ids ?? error.message) : null;
          const message = reason ? `${reason} ${MOVE_FAILED}` : MOVE_FAILED;
          setMoveError(message);
          setAnnouncement(message);
        },
      },
    );
  }

  function saved(message: string) {
    setEditing(null);
    setNotice(message);
  }

  function confirmDelete() {
    if (!deleting) return;
    setDeleteError(null);
    const { kind, id, name } = deleting;
    const done = {
      onSuccess: () => {
        deleted.current = true;
        setDeleting(null);
        setNotice(`${name} a été supprimé${kind === 'lesson' ? 'e' : ''}.`);
      },
      onError: () => setDeleteError(DELETE_FAILED),
    };
    if (kind === 'section') removeSection.mutate({ courseId, sectionId: id }, done);
    else removeLesson.mutate({ courseId, lessonId: id }, done);
  }

  return (
    <Box component="section" aria-labelledby="plan-titre">
      <Typography id="plan-titre" ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 1 }}>
        Chapitres et leçons
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Glissez une poignée ou utilisez « Monter » et « Descendre » pour changer l'ordre.
      </Typography>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {moveError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setMoveError(null)} closeText="Fermer">
          {moveError}
        </Alert>
      )}
      {sections.length === 0 && <Typography sx={{ mb: 2 }}>Ce cours n'a pas encore de chapitre. Commencez par en ajouter un.</Typography>}
      <SortableList
        items={sections}
        noun={chapterNoun}
        label="Chapitres du cours"
        onReorder={(ids, moved, to) => sendOrder(ids, chapterNoun, moved.title, to)}
      >
        {(section, index, handle) => (
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Handle handle={handle} label={`Déplacer le chapitre « ${section.title} »`} />
              <Typography variant="h6" component="h3" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {`Chapitre ${index + 1} : ${section.title}`}
              </Typography>
            </Stack>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1.5 }}>
              <MoveButtons
                index={index}
                total={sections.length}
                noun={chapterNoun}
                title={section.title}
                onMove={(to) => sendOrder(moveId(sections.map((s) => s.id), index, to), chapterNoun, section.title, to)}
              />
              <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing({ kind: 'section', section })} aria-label={`Renommer le chapitre « ${section.title} »`}>
                Renommer
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteIcon />}
                aria-label={`Supprimer le chapitre « ${section.title} »`}
                onClick={() => {
                  setDeleteError(null);
                  setDeleting({
                    kind: 'section',
                    id: section.id,
                    name: `Le chapitre « ${section.title} »`,
                    title: 'Supprimer ce chapitre ?',
                    text:
                      section.lessons.length === 0
                        ? `Le chapitre « ${section.title} » sera définitivement supprimé.`
                        : `Le chapitre « ${section.title} » sera définitivement supprimé, avec ses ${lessonCount(section.lessons.length)} et la progression des apprenants sur celles-ci.`,
                  });
                }}
              >
                Supprimer
              </Button>
            </Stack>
            {section.lessons.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Aucune leçon dans ce chapitre.
              </Typography>
            )}
            <SortableList
              items={section.lessons}
              noun={lessonNoun}
              label={`Leçons du chapitre « ${section.title} »`}
              onReorder={(ids, moved, to) => sendOrder(ids, lessonNoun, moved.title, to, section.id)}
            >
              {(lesson, lessonIndex, lessonHandle) => (
                <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, bgcolor: 'background.paper' }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Handle handle={lessonHandle} label={`Déplacer la leçon « ${lesson.title} »`} />
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{lesson.title}</Typography>
                      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                        <Typography variant="body2" color="text.secondary">
                          {formatMinutes(lesson.duration_minutes)}
                        </Typography>
                        {lesson.type === 'quiz' && <Chip size="small" label="Quiz" variant="outlined" />}
                        {lesson.is_preview && <Chip size="small" label="Aperçu gratuit" variant="outlined" color="primary" />}
                      </Stack>
                    </Box>
                  </Stack>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                    {lesson.type === 'quiz' ? (
                      <Button size="small" startIcon={<EditIcon />} component={RouterLink} to={webPaths.quizEditor(courseId, lesson.id)} aria-label={`Modifier le quiz « ${lesson.title} »`}>
                        Modifier
                      </Button>
                    ) : (
                      <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing({ kind: 'lesson', sectionId: section.id, lesson })} aria-label={`Modifier la leçon « ${lesson.title} »`}>
                        Modifier
                      </Button>
                    )}
                    <MoveButtons
                      index={lessonIndex}
                      total={section.lessons.length}
                      noun={lessonNoun}
                      title={lesson.title}
                      onMove={(to) => sendOrder(moveId(section.lessons.map((l) => l.id), lessonIndex, to), lessonNoun, lesson.title, to, section.id)}
                    />
                    {sections.length > 1 && (
                      <Button
                        size="small"
                        startIcon={<DriveFileMoveIcon />}
                        onClick={() => setEditing({ kind: 'move', sectionId: section.id, lesson })}
                        aria-label={`Changer de chapitre la leçon « ${lesson.title} »`}
                      >
                        Changer de chapitre
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteIcon />}
                      aria-label={`Supprimer la leçon « ${lesson.title} »`}
                      onClick={() => {
                        setDeleteError(null);
                        setDeleting({
                          kind: 'lesson',
                          id: lesson.id,
                          name: `La leçon « ${lesson.title} »`,
                          title: 'Supprimer cette leçon ?',
                          text: `La leçon « ${lesson.title} » sera définitivement supprimée, avec la progression des apprenants sur celle-ci.`,
                        });
                      }}
                    >
                      Supprimer
                    </Button>
                  </Stack>
                </Box>
              )}
            </SortableList>
            <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => setEditing({ kind: 'lesson', sectionId: section.id })} aria-label={`Ajouter une leçon au chapitre « ${section.title} »`}>
              Ajouter une leçon
            </Button>
            <Button startIcon={<QuizIcon />} sx={{ mt: 1 }} onClick={() => setEditing({ kind: 'quiz', sectionId: section.id })} aria-label={`Ajouter un quiz au chapitre « ${section.title} »`}>
              Ajouter un quiz
            </Button>
          </Paper>
        )}
      </SortableList>
      <Button variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }} onClick={() => setEditing({ kind: 'section' })}>
        Ajouter un chapitre
      </Button>

      {editing?.kind === 'section' && <SectionDialog courseId={courseId} section={editing.section} onClose={() => setEditing(null)} onSaved={saved} />}
      {editing?.kind === 'quiz' && <QuizDialog courseId={courseId} sectionId={editing.sectionId} onClose={() => setEditing(null)} />}
      {editing?.kind === 'lesson' && <LessonDialog courseId={courseId} sectionId={editing.sectionId} lesson={editing.lesson} onClose={() => setEditing(null)} onSaved={saved} />}
      {editing?.kind === 'move' && (
        <MoveLessonDialog courseId={courseId} lesson={editing.lesson} fromSectionId={editing.sectionId} sections={sections} onClose={() => setEditing(null)} onMoved={saved} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.title}
        confirmLabel="Supprimer"
        pending={removeSection.isPending || removeLesson.isPending}
        error={deleteError}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        onExited={() => {
          // The deleted item's button is gone: the focus goes to the list's heading rather than to the page's start.
          if (deleted.current) heading.current?.focus();
          deleted.current = false;
        }}
      >
        {deleting?.text}
      </ConfirmDialog>
      <Snackbar open={Boolean(notice)} autoHideDuration={TOAST_MS} onClose={() => setNotice(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} closeText="Fermer">
          {notice}
        </Alert>
      </Snackbar>
    </Box>
  );
}
