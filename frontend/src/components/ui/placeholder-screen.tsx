import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

import { Link } from '@/components/ui/link';

type PlaceholderScreenProps = {
  /** The screen's Japanese title. */
  title: string;
  /** Where 「トップページへ戻る」 leads; no link when the screen sits in a frame with its own navigation. */
  homePath?: string;
};

/** Stands in for a screen whose issue has not landed yet: its title and nothing else. */
export function PlaceholderScreen({ title, homePath }: PlaceholderScreenProps) {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        この画面は準備中です。
      </Typography>
      {homePath === undefined ? null : <Link to={homePath}>トップページへ戻る</Link>}
    </Container>
  );
}
