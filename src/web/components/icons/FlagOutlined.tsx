import { createSvgIcon } from '@mui/material/utils';

// Material icon « FlagOutlined » (Apache 2.0), as @mui/icons-material 9.5 draws it (decision 078).
export default createSvgIcon(<path d="m12.36 6 .4 2H18v6h-3.36l-.4-2H7V6zM14 4H5v17h2v-7h5.6l.4 2h7V6h-5.6z" />, 'FlagOutlined');
