import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';

type LandingHeroProps = {
  /** Scrolls to the birth form. */
  onStart: () => void;
};

export function LandingHero({ onStart }: LandingHeroProps) {
  return (
    <Box
      component="section"
      aria-labelledby="landing-title"
      sx={{
        minHeight: { xs: '82vh', sm: '88vh' },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 3,
        color: '#ffffff',
        background:
          'radial-gradient(circle at 70% 20%, rgba(242,196,109,.35), transparent 40%), linear-gradient(180deg, #171333 0%, #2e2668 60%, #5b4f9c 100%)',
      }}
    >
      <Typography component="p" sx={{ letterSpacing: '0.4em', opacity: 0.8, mb: 1 }}>
        MEGURI
      </Typography>
      <Typography id="landing-title" variant="h1" sx={{ fontSize: { xs: '3rem', sm: '4rem' }, letterSpacing: '0.3em', mb: 2 }}>
        巡り
      </Typography>
      <Typography sx={{ fontSize: { xs: '1.05rem', sm: '1.25rem' }, mb: 1 }}>
        生まれた瞬間の空が、あなたの流れを教えてくれる。
      </Typography>
      <Typography sx={{ opacity: 0.85, mb: 5 }}>四柱推命で、あなたの命式と五行のバランスを無料で読み解きます。</Typography>
      <Button
        variant="contained"
        color="secondary"
        size="large"
        endIcon={<KeyboardArrowDownIcon />}
        onClick={onStart}
      >
        無料で命式を見る
      </Button>
    </Box>
  );
}
