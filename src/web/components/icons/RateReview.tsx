import { createSvgIcon } from '@mui/material/utils';

// Material icon « RateReview » (Apache 2.0), as @mui/icons-material 9.5 draws it (decision 078).
export default createSvgIcon(<path d="M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2M6 14v-2.47l6.88-6.88c.2-.2.51-.2.71 0l1.77 1.77c.2.2.2.51 0 .71L8.47 14zm12 0h-7.5l2-2H18z" />, 'RateReview');
