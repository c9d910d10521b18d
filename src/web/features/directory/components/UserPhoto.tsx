import Avatar from '@mui/material/Avatar';
import { useEffect, useState } from 'react';
import { usePhoto } from '../api/photo';

function initials(firstname: string, lastname: string): string {
  return `${firstname.charAt(0)}${lastname.charAt(0)}`.toUpperCase();
}

/**
 * A person's photo where they show it (or one's own), else their initials. Decorative beside the
 * name it goes with, so hidden from screen readers unless `alt` is given.
 */
export function UserPhoto({ userId, firstname, lastname, hasPhoto, size = 56, alt }: { userId: number; firstname: string; lastname: string; hasPhoto: boolean; size?: number; alt?: string }) {
  const photo = usePhoto(userId, hasPhoto);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo.data) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(photo.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo.data]);
  return (
    <Avatar
      src={hasPhoto && url ? url : undefined}
      alt={alt ?? ''}
      aria-hidden={alt ? undefined : true}
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size / 2.6 }}
    >
      {initials(firstname, lastname)}
    </Avatar>
  );
}
