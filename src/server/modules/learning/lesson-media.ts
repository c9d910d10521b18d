import type { LessonMedia } from '../../../shared/learning';
import type { LessonRow } from '../../db/schema';
import type { MediaSigner } from '../../lib/media-links';

/**
 * The signed links of a video or PDF lesson's file (and a video's captions), for a caller the
 * service has just allowed to read the lesson; null for other types or a lesson without a file.
 */
export function lessonMedia(signer: MediaSigner, lesson: Pick<LessonRow, 'id' | 'type' | 'filePath' | 'fileMimeType' | 'fileSize' | 'fileOriginalName' | 'captionsPath'>): LessonMedia | null {
  if ((lesson.type !== 'video' && lesson.type !== 'pdf') || !lesson.filePath || !lesson.fileMimeType) return null;
  const file = signer.sign(lesson.id, 'file', lesson.filePath);
  return {
    url: file.url,
    download_url: signer.sign(lesson.id, 'download', lesson.filePath).url,
    captions_url: lesson.type === 'video' && lesson.captionsPath ? signer.sign(lesson.id, 'captions', lesson.captionsPath).url : null,
    mime_type: lesson.fileMimeType,
    size: lesson.fileSize ?? 0,
    file_name: lesson.fileOriginalName ?? (lesson.type === 'pdf' ? 'document.pdf' : 'video'),
    expires_at: file.expiresAt.toISOString(),
  };
}
