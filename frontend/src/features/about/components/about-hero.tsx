import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { Mascot } from '@/components/mascot/mascot';
import { nightSky, starField } from '@/theme/palette';

/** The about page's opening: what 巡り is, in one line, over the night sky. */
export function AboutHero() {
  return (
    <Box
      component="section"
      aria-labelledby="about-title"
      sx={{
        minHeight: { xs: '72svh', sm: '78vh' },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 3,
        pt: 12,
        pb: 8,
        color: nightSky.text,
        backgroundColor: nightSky.base,
        backgroundImage: `${starField}, radial-gradient(circle at 20% 25%, rgba(232,191,116,.22), transparent 35%), linear-gradient(180deg, ${nightSky.deep} 0%, ${nightSky.mid} 70%, #3d3478 100%)`,
      }}
    >
      <Typography component="p" sx={{ letterSpacing: '0.4em', color: nightSky.gold, fontWeight: 700, fontSize: '0.8rem', mb: 2 }}>
        ABOUT
      </Typography>
      <Typography id="about-title" variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.75rem' }, letterSpacing: '0.12em', mb: 1 }}>
        巡りについて
      </Typography>
      <Typography sx={{ fontSize: { xs: '1.1rem', sm: '1.35rem' }, letterSpacing: '0.08em', mb: 2 }}>
        生まれた日の空から、今日のあなたへ。
      </Typography>
      <Typography sx={{ color: nightSky.muted, maxWidth: 560, mb: 4 }}>
        巡り（Meguri）は、四柱推命で読み解いたあなたの「流れ」を、毎日の暮らしに届けるアプリです。
        ナビゲーターがそばで、運勢、対話、日記、友達との相性をつなぎます。
      </Typography>
      <Mascot size={112} />
    </Box>
  );
}
