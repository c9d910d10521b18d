import Alert from '@mui/material/Alert';
import type { LessonContent } from '../../../../shared/learning';
import { LessonBody } from './LessonBody';
import { LessonPdf } from './LessonPdf';
import { LessonVideo } from './LessonVideo';

/**
 * A text, video or PDF lesson as learners read it (quizzes have their own player). `onWatched`:
 * 90 % of the video's distinct seconds were played; `onLinkFailed`: the signed media link expired.
 */
export function LessonMain({ content, onWatched, onLinkFailed }: { content: LessonContent; onWatched: () => void; onLinkFailed: () => void }) {
  if (content.type === 'text' && content.html) return <LessonBody html={content.html} />;
  if (content.type === 'video' && content.media) return <LessonVideo media={content.media} title={content.title} onWatched={onWatched} onLinkFailed={onLinkFailed} />;
  if (content.type === 'pdf' && content.media) return <LessonPdf media={content.media} title={content.title} />;
  return <Alert severity="info">Le contenu de cette leçon n'est pas disponible.</Alert>;
}
