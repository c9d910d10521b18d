import SpaIcon from '../../../components/icons/Spa';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useSession } from '../../../lib/session';

interface CourseImageProps {
  src: string | null;
  alt: string;
  height: number | string;
  /**
   * A draft's image is served only to its author and administrators, so an <img> (which sends
   * no bearer token) cannot load it: it is fetched with the token and shown from memory.
   */
  authenticated?: boolean;
  /** Above the fold on arrival (the first cards, a course's own image): fetched at once, not when scrolled to (LCP, decision 031). */
  priority?: boolean;
}

function useAuthenticatedImage(src: string | null, enabled: boolean): string | null {
  const token = useSession((state) => state.token);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || !src) return;
    const controller = new AbortController();
    let url: string | null = null;
    fetch(src, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob) return;
        url = URL.createObjectURL(blob);
        setObjectUrl(url);
      })
      // A missing image leaves the placeholder in place.
      .catch(() => {});
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, enabled, token]);
  return enabled ? objectUrl : src;
}

/** The course's image, or a leafy placeholder when it has none. */
export function CourseImage({ src, alt, height, authenticated = false, priority = false }: CourseImageProps) {
  const shown = useAuthenticatedImage(src, authenticated);
  if (!shown) {
    return (
      <Box
        aria-hidden
        sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(46, 125, 50, 0.08)', color: 'primary.main' }}
      >
        <SpaIcon sx={{ fontSize: 56 }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={shown}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      sx={{ display: 'block', width: '100%', height, objectFit: 'cover', bgcolor: 'background.default' }}
    />
  );
}
