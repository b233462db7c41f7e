import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';
import type { DailyReading } from '@/features/home/api/get-daily-fortune';
import { FortuneRating } from '@/features/home/components/fortune-rating';
import { FortuneReasons } from '@/features/home/components/fortune-reasons';
import { fortuneLines } from '@/features/home/utils/fortune-lines';
import { nightSky, starField } from '@/theme/palette';

/** What the daily fortune section shows; see HomeDashboard for how each state is reached. */
export type DailyFortuneState =
  | { status: 'building' }
  | { status: 'failed'; onCheckAgain: () => void; checking: boolean }
  | { status: 'loading' }
  | { status: 'error'; onRetry: () => void }
  | { status: 'ready'; reading: DailyReading };

const TITLE_ID = 'daily-fortune-title';

/**
 * The hero of home: today's fortune on the night sky of the public pages, with the reasons behind it
 * and the rating. While the chart is being built the same card holds the spinner, so the section (and
 * the onboarding tour's `daily-fortune` target) is there from the first moment.
 */
export function DailyFortuneCard({ state, className }: { state: DailyFortuneState; className?: string }) {
  const pillar = state.status === 'ready' ? state.reading.dayPillar : null;
  return (
    <Box
      component="section"
      className={className}
      aria-labelledby={TITLE_ID}
      aria-busy={state.status === 'building' || state.status === 'loading'}
      data-tour="daily-fortune"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        borderRadius: '28px',
        px: { xs: 2.5, sm: 4 },
        pt: { xs: 2.5, sm: 3.5 },
        pb: { xs: 2, sm: 3 },
        color: nightSky.text,
        backgroundColor: nightSky.base,
        backgroundImage: `${starField}, radial-gradient(circle at 85% 0%, rgba(232,191,116,.26), transparent 45%), linear-gradient(160deg, ${nightSky.deep} 0%, ${nightSky.mid} 65%, #3d3478 100%)`,
        boxShadow: '0 18px 40px -24px rgba(15, 12, 38, 0.7)',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography
          id={TITLE_ID}
          variant="h1"
          sx={{ fontSize: '0.95rem', letterSpacing: '0.3em', color: nightSky.gold, fontWeight: 700 }}
        >
          今日の運勢
        </Typography>
        {pillar ? (
          <Typography component="p" sx={{ fontSize: '0.8rem', color: nightSky.muted, letterSpacing: '0.1em' }}>
            今日の干支 <Box component="span" sx={{ color: nightSky.text, fontWeight: 700 }}>{pillar.heavenlyStem}{pillar.earthlyBranch}</Box>
          </Typography>
        ) : null}
      </Box>
      <DailyFortuneBody state={state} />
    </Box>
  );
}

function DailyFortuneBody({ state }: { state: DailyFortuneState }) {
  switch (state.status) {
    case 'building':
      return (
        <CenteredMessage>
          <CircularProgress size={36} thickness={3} sx={{ color: nightSky.gold }} aria-hidden="true" />
          <Typography role="status" sx={{ fontSize: '1.15rem', fontWeight: 700, letterSpacing: '0.08em' }}>
            未来を覗き見中...
          </Typography>
          <Typography variant="body2" sx={{ color: nightSky.muted }}>
            あなたの命式から、今日の流れを読み解いています。
          </Typography>
        </CenteredMessage>
      );
    case 'loading':
      return (
        <CenteredMessage>
          <CircularProgress size={32} thickness={3} sx={{ color: nightSky.gold }} aria-label="今日の運勢を読み込み中" />
        </CenteredMessage>
      );
    case 'failed':
      return (
        <Box role="status" sx={{ py: 1 }}>
          <Typography sx={{ fontSize: '1.15rem', fontWeight: 700, mb: 1 }}>命式をまだお作りできていません</Typography>
          <Typography variant="body2" sx={{ color: nightSky.muted, mb: 2.5 }}>
            いま自動でやり直しています。しばらくしてからもう一度ご確認ください。生年月日や出生地に誤りがないかは、設定から確かめられます。
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <Button component={RouterLink} to={paths.settings} variant="contained" color="secondary">
              出生情報を確認する
            </Button>
            <Button
              variant="outlined"
              onClick={state.onCheckAgain}
              disabled={state.checking}
              sx={{ color: nightSky.text, borderColor: 'rgba(246,241,230,.5)', '&:hover': { borderColor: nightSky.text } }}
            >
              {state.checking ? '確認中...' : 'もう一度確認する'}
            </Button>
          </Box>
        </Box>
      );
    case 'error':
      return (
        <Box role="alert" sx={{ py: 1 }}>
          <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: '1.15rem', fontWeight: 700, mb: 0.5 }}>
            <ReportProblemOutlinedIcon sx={{ color: nightSky.gold }} aria-hidden="true" />
            エラーが発生しました
          </Typography>
          <Typography variant="body2" sx={{ color: nightSky.muted, mb: 2 }}>
            ページをリロードしてください
          </Typography>
          <Button variant="contained" color="secondary" onClick={state.onRetry}>
            もう一度読み込む
          </Button>
        </Box>
      );
    case 'ready': {
      const [first, ...rest] = fortuneLines(state.reading.fortune);
      return (
        <>
          <Box data-testid="daily-fortune-text" sx={{ mb: 2.5 }}>
            <Typography
              component="p"
              sx={{
                fontSize: { xs: '1.5rem', sm: '1.85rem' },
                fontWeight: 700,
                lineHeight: 1.55,
                letterSpacing: '0.05em',
                textShadow: '0 0 24px rgba(232, 191, 116, 0.3)',
              }}
            >
              {first}
            </Typography>
            {rest.map((line) => (
              <Typography key={line} component="p" sx={{ mt: 1, fontSize: { xs: '1.05rem', sm: '1.2rem' }, color: nightSky.muted, lineHeight: 1.7 }}>
                {line}
              </Typography>
            ))}
          </Box>
          <FortuneReasons reasons={state.reading.reasons} />
          <FortuneRating key={state.reading.contentHash} contentHash={state.reading.contentHash} />
        </>
      );
    }
  }
}

function CenteredMessage({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: 148, display: 'grid', placeItems: 'center', alignContent: 'center', gap: 1.5, textAlign: 'center', py: 2 }}>
      {children}
    </Box>
  );
}
