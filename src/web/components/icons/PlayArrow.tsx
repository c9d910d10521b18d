import { createSvgIcon } from '@mui/material/utils';

// Material icon « PlayArrow » (Apache 2.0), as @mui/icons-material 9.5 draws it (decision 078).
export default createSvgIcon(<path d="M8 5v14l11-7z" />, 'PlayArrow');
