import { createSvgIcon } from '@mui/material/utils';

// Material icon « BookmarkAdd » (Apache 2.0), as @mui/icons-material 9.5 draws it (decision 078).
export default createSvgIcon(<path d="M21 7h-2v2h-2V7h-2V5h2V3h2v2h2zm-2 14-7-3-7 3V5c0-1.1.9-2 2-2h7c-.63.84-1 1.87-1 3 0 2.76 2.24 5 5 5 .34 0 .68-.03 1-.1z" />, 'BookmarkAdd');
