import { createSvgIcon } from '@mui/material/utils';

// Material icon « ChatBubbleOutlineOutlined » (Apache 2.0), as @mui/icons-material 9.5 draws it (decision 078).
export default createSvgIcon(<path d="M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m0 14H6l-2 2V4h16z" />, 'ChatBubbleOutlineOutlined');
