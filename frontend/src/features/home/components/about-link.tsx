import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';

import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

/** The way from home to the about page (spec §2: the about page is a link target from home). */
export function AboutLink() {
  return (
    <Link
      to={paths.about}
      underline="hover"
      variant="body2"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap', fontWeight: 700, py: 0.5 }}
    >
      <InfoOutlinedIcon sx={{ fontSize: '1.1rem' }} aria-hidden="true" />
      巡りについて
    </Link>
  );
}
