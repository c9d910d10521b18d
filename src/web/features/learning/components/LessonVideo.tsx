import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import type { LessonMedia } from '../../../../shared/learning';
import { watchedEnough } from '../video-progress';

/**
 * A video lesson: the browser's own player (keyboard and screen-reader friendly), French captions
 * when the lesson has some. The distinct seconds played are counted here; `onWatched` fires once
 * when they reach 90 % of the video. A renewed link (`media.url` changes) keeps the position.
 */
export function LessonVideo({ media, title, onWatched, onLinkFailed }: { media: LessonMedia; title: string; onWatched?: () => void; onLinkFailed?: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const watched = useRef(new Set<number>());
  const reported = useRef(false);
  // The first address is set by React; later ones by the effect below, which restores the position.
  const [initialUrl] = useState(media.url);

  useEffect(() => {
    const video = ref.current;
    if (!video || video.getAttribute('src') === media.url) return;
    const time = video.currentTime;
    const playing = !video.paused;
    video.setAttribute('src', media.url);
    video.load();
    if (time > 0) {
      video.addEventListener(
        'loadedmetadata',
        () => {
          video.currentTime = time;
          if (playing) void video.play().catch(() => undefined);
        },
        { once: true },
      );
    }
  }, [media.url]);

  function noteTime() {
    const video = ref.current;
    if (!video || video.seeking || video.paused) return;
    watched.current.add(Math.floor(video.currentTime));
    if (!reported.current && watchedEnough(watched.current, video.duration)) {
      reported.current = true;
      onWatched?.();
    }
  }

  return (
    <Box sx={{ bgcolor: 'common.black', borderRadius: 1, overflow: 'hidden', maxWidth: 960 }}>
      <video
        ref={ref}
        src={initialUrl}
        controls
        preload="metadata"
        playsInline
        aria-label={`Vidéo : ${title}`}
        style={{ display: 'block', width: '100%', maxHeight: '70vh' }}
        onTimeUpdate={noteTime}
        // An expired or revoked link: ask the lesson again for fresh ones.
        onError={() => onLinkFailed?.()}
      >
        {media.captions_url && <track kind="captions" srcLang="fr" label="Français" src={media.captions_url} default />}
      </video>
    </Box>
  );
}
