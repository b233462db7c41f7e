import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

type PlaceholderScreenProps = {
  /** The screen's Japanese title. */
  title: string;
};

/** Stands in for a screen whose issue has not landed yet: its title and nothing else. */
export function PlaceholderScreen({ title }: PlaceholderScreenProps) {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        この画面は準備中です。
      </Typography>
      <Link to={paths.landing}>トップページへ戻る</Link>
    </Container>
  );
}
