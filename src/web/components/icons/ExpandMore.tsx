import { createSvgIcon } from '@mui/material/utils';

// Material icon « ExpandMore » (Apache 2.0), as @mui/icons-material 9.5 draws it (decision 078).
export default createSvgIcon(<path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />, 'ExpandMore');
