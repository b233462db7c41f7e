import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

import { Link } from '@/components/ui/link';

type NotFoundScreenProps = {
  /** Where "back" leads: the app's top page, or the admin dashboard in the admin build. */
  homePath: string;
};

export function NotFoundScreen({ homePath }: NotFoundScreenProps) {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        404 Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        お探しのページは見つかりませんでした。
      </Typography>
      <Link to={homePath}>トップページへ戻る</Link>
    </Container>
  );
}
