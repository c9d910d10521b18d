import AddCommentIcon from '../../../components/icons/AddComment';
import SearchIcon from '../../../components/icons/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { discussionKindLabels, discussionKinds, type DiscussionKind } from '../../../../shared/discussion-rules';
import { plural } from '../../../../shared/french-format';
import { Pager } from '../../../components/Pager';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useThreads } from '../api/discussions';
import type { LessonChoice } from './ThreadForm';
import { ThreadList } from './ThreadList';
import { ThreadView } from './ThreadView';

// The form and its validation (react-hook-form, zod) load when someone writes, not with the list (decision 066).
const ThreadForm = lazy(() => import('./ThreadForm').then((m) => ({ default: m.ThreadForm })));

export interface CourseDiscussionsProps {
  courseId: number;
  /** The course's lessons, to tie a new thread to one and to name the current one. */
  lessons?: LessonChoice[];
  /** In the player: the lesson being read, whose threads come first. */
  currentLessonId?: number;
  /** The open thread, when the page keeps it in its address; otherwise the panel keeps it. */
  threadId?: number | null;
  onThreadChange?: (threadId: number | null) => void;
  /** The panel's heading level: `h2` on its own page, `h2` in a tab too (the page's title is the h1). */
  title?: string;
}

/**
 * A course's discussions (issue 26): the threads of the current lesson first, then the whole
 * course's, a French search, the form to open a thread, and the open thread with its replies.
 */
export function CourseDiscussions({ courseId, lessons = [], currentLessonId, threadId, onThreadChange, title = 'Discussions' }: CourseDiscussionsProps) {
  const [ownThreadId, setOwnThreadId] = useState<number | null>(null);
  const openId = threadId !== undefined ? threadId : ownThreadId;
  const open = (id: number | null) => (onThreadChange ? onThreadChange(id) : setOwnThreadId(id));
  const [writing, setWriting] = useState(false);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<DiscussionKind | ''>('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const filters = { q: q || undefined, kind: kind || undefined, page };
  const all = useThreads(courseId, filters);
  const onLesson = useThreads(courseId, { lesson: currentLessonId }, currentLessonId !== undefined && !q && !kind);
  const heading = useRef<HTMLHeadingElement>(null);
  const lastOpen = useRef<number | null>(null);
  // Back from a thread, the focus returns to the list's heading.
  useEffect(() => {
    if (openId === null && lastOpen.current !== null) heading.current?.focus();
    lastOpen.current = openId;
  }, [openId]);
  useEffect(() => setPage(1), [q, kind]);

  if (openId !== null) {
    return <ThreadView courseId={courseId} threadId={openId} onBack={() => open(null)} />;
  }
  const currentLesson = lessons.find((lesson) => lesson.id === currentLessonId);

  return (
    <Box component="section" aria-labelledby={`discussions-${courseId}`}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id={`discussions-${courseId}`} ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ '&:focus': { outline: 'none' } }}>
          {title}
        </Typography>
        {!writing && (
          <Button variant="contained" startIcon={<AddCommentIcon />} onClick={() => setWriting(true)}>
            Poser une question ou ouvrir une discussion
          </Button>
        )}
      </Stack>

      {writing && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          <Suspense fallback={<CircularProgress aria-label="Chargement du formulaire" />}>
            <ThreadForm
              courseId={courseId}
              lessons={lessons}
              defaultLessonId={currentLessonId ?? null}
              onCreated={(id) => {
                setWriting(false);
                open(id);
              }}
              onCancel={() => setWriting(false)}
            />
          </Suspense>
        </Paper>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} role="search" aria-label="Rechercher dans les discussions">
        <TextField
          label="Rechercher dans les discussions"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          fullWidth
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden /></InputAdornment> } }}
        />
        <TextField select label="Type" value={kind} onChange={(event) => setKind(event.target.value as DiscussionKind | '')} sx={{ minWidth: 180 }}>
          <MenuItem value="">Tous</MenuItem>
          {discussionKinds.map((k) => (
            <MenuItem key={k} value={k}>
              {discussionKindLabels[k]}s
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {all.error && <Alert severity="error">{all.error.message}</Alert>}

      {currentLesson && !q && !kind && onLesson.data && (
        <Box sx={{ mb: 3 }}>
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            Sur cette leçon
          </Typography>
          <ThreadList threads={onLesson.data.items} label={`Discussions de la leçon ${currentLesson.title}`} empty="Aucune discussion sur cette leçon pour l’instant." onOpen={open} />
        </Box>
      )}

      {all.data ? (
        <Box>
          <Typography variant="h6" component="h3" sx={{ mb: 1 }} aria-live="polite">
            {q ? `${plural(all.data.total, 'résultat')} pour « ${q} »` : currentLesson ? 'Tout le cours' : plural(all.data.total, 'discussion')}
          </Typography>
          <ThreadList
            threads={all.data.items}
            label={q ? 'Résultats de la recherche' : 'Discussions du cours'}
            empty={q ? 'Aucune discussion ne correspond à votre recherche.' : 'Aucune discussion pour l’instant : posez la première question !'}
            onOpen={open}
          />
          <Pager label="Pages des discussions" info={all.data} page={page} onChange={setPage} />
        </Box>
      ) : (
        !all.error && <CircularProgress aria-label="Chargement des discussions" />
      )}
    </Box>
  );
}
