import { createSvgIcon } from '@mui/material/utils';

// Material icon « WarningAmberOutlined » (Apache 2.0), as @mui/icons-material 9.5 draws it (decision 078).
export default createSvgIcon(<path d="M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z" />, 'WarningAmberOutlined');
