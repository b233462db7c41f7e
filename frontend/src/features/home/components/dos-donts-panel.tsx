import { useId, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';

import { HOME_MAX_DOS_DONTS } from '@/config/constants';
import { elementColors } from '@/theme/palette';

export type DosDontsState =
  | { status: 'waiting' }
  | { status: 'loading' }
  | { status: 'error'; onRetry: () => void }
  | { status: 'ready'; dos: string[]; donts: string[] };

type Side = 'dos' | 'donts';

const ORDER: readonly Side[] = ['dos', 'donts'];
const SIDES: Record<Side, { label: string; Mark: typeof CheckRoundedIcon; accent: string }> = {
  dos: { label: 'するといいこと', Mark: CheckRoundedIcon, accent: elementColors.wood.main },
  donts: { label: '控えたいこと', Mark: CloseRoundedIcon, accent: 'error.main' },
};

/**
 * Today's dos and don'ts (spec §2): two tabs, or a tap on the panel to turn to the other side; at most
 * three items each. While the chart is being built the panel is already there (it is a tour target,
 * `dos-donts`) and says so; an empty or failed answer shows the spec's message.
 */
export function DosDontsPanel({ state }: { state: DosDontsState }) {
  const [side, setSide] = useState<Side>('dos');
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const tabId = (s: Side) => `${baseId}-tab-${s}`;
  const panelId = `${baseId}-panel`;
  const hintId = `${baseId}-hint`;
  const other: Side = side === 'dos' ? 'donts' : 'dos';
  const current = SIDES[side];

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setSide(other);
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} data-tour="dos-donts" sx={{ overflow: 'hidden' }}>
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.05rem', letterSpacing: '0.08em' }}>
          今日の心がけ
        </Typography>
      </Box>
      {state.status === 'ready' ? (
        <>
          <Tabs
            value={side}
            onChange={(_event, value: Side) => setSide(value)}
            variant="fullWidth"
            aria-label="今日の心がけ"
            sx={{ px: { xs: 1, sm: 2 }, borderBottom: 1, borderColor: 'divider' }}
          >
            {ORDER.map((entry) => (
              <Tab key={entry} value={entry} label={SIDES[entry].label} id={tabId(entry)} aria-controls={panelId} />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={panelId}
            aria-labelledby={tabId(side)}
            aria-describedby={hintId}
            tabIndex={0}
            onClick={() => setSide(other)}
            onKeyDown={onPanelKeyDown}
            sx={{ px: { xs: 2, sm: 3 }, pt: 2, pb: 1.5, cursor: 'pointer', userSelect: 'none', minHeight: 150 }}
          >
            <ItemList items={state[side]} Mark={current.Mark} accent={current.accent} />
            <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5, textAlign: 'right' }}>
              タップで「{SIDES[other].label}」へ
            </Typography>
          </Box>
        </>
      ) : state.status === 'error' ? (
        <Box role="alert" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>Dos &amp; Don&apos;ts の読み込みに失敗しました</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            ページをリロードしてください
          </Typography>
          <Button variant="outlined" size="small" onClick={state.onRetry}>
            もう一度読み込む
          </Button>
        </Box>
      ) : state.status === 'loading' ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress size={24} aria-label="今日の心がけを読み込み中" />
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 2.5 }}>
          命式が整うと、今日するといいことと控えたいことがここに並びます。
        </Typography>
      )}
    </Paper>
  );
}

function ItemList({ items, Mark, accent }: { items: string[]; Mark: typeof CheckRoundedIcon; accent: string }) {
  const shown = items.slice(0, HOME_MAX_DOS_DONTS);
  if (shown.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        今日は特にありません。
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
      {shown.map((item) => (
        <Box component="li" key={item} sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
          <Box
            component="span"
            aria-hidden="true"
            sx={{ flex: 'none', mt: '3px', width: 22, height: 22, borderRadius: '50%', display: 'grid', placeItems: 'center', color: '#fff', bgcolor: accent }}
          >
            <Mark sx={{ fontSize: 16 }} />
          </Box>
          <Typography component="span">{item}</Typography>
        </Box>
      ))}
    </Box>
  );
}
