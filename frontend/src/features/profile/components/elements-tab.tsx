import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { BalanceReadingCard } from '@/components/bazi/balance-reading-card';
import { ElementGlyph } from '@/components/bazi/element-glyph';
import type { StoredChart } from '@/features/profile/api/get-chart';
import { ElementRingChart } from '@/features/profile/components/element-ring-chart';
import { ElementShareTable } from '@/features/profile/components/element-share-table';
import { PanelSection } from '@/features/profile/components/panel-section';
import { elementShares } from '@/features/profile/utils/element-shares';
import { FAVORABLE_HINTS, favorableKeys, strengthMeaning } from '@/features/profile/utils/strength-reading';
import { elementLabel, type DayMasterStrength } from '@/lib/bazi';

function StrengthMeter({ score }: { score: number }) {
  const value = Math.max(0, Math.min(100, Math.round(score)));
  return (
    <Box sx={{ mt: 1.5, mb: 0.5 }}>
      <Box
        role="meter"
        aria-label="日主を支える力"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        sx={{ position: 'relative', height: 10, borderRadius: 5, bgcolor: 'action.hover' }}
      >
        <Box sx={{ width: `${value}%`, height: '100%', borderRadius: 5, bgcolor: 'primary.light' }} />
        {/* The even point: half the chart supports the day master. */}
        <Box aria-hidden="true" sx={{ position: 'absolute', left: '50%', top: -3, bottom: -3, width: 2, bgcolor: 'text.secondary' }} />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5, typography: 'caption', color: 'text.secondary' }}>
        <span>やわらかい</span>
        <span>日主を支える力 {value}%</span>
        <span>強い</span>
      </Box>
    </Box>
  );
}

function StrengthSection({ strength, reference }: { strength: DayMasterStrength; reference: boolean }) {
  const meaning = strengthMeaning(strength.verdict);
  return (
    <PanelSection title="日主の強さ" reference={reference} testId="elements-strength">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box
          component="span"
          data-testid="strength-verdict"
          sx={{
            px: 1.5,
            py: 0.25,
            borderRadius: 999,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
            fontSize: '1.125rem',
            letterSpacing: '0.1em',
          }}
        >
          {strength.verdict}
        </Box>
        {meaning ? <Typography sx={{ fontWeight: 700 }}>{meaning.summary}</Typography> : null}
      </Box>
      <StrengthMeter score={strength.score} />
      {meaning ? (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          {meaning.detail}
        </Typography>
      ) : null}
      {strength.reasons.length > 0 ? (
        <>
          <Typography variant="h4" component="h3" sx={{ fontSize: '1rem', mt: 2, mb: 0.5 }}>
            そう読む理由
          </Typography>
          <Box component="ul" data-testid="strength-reasons" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
            {strength.reasons.map((reason, index) => (
              <li key={index}>{reason}</li>
            ))}
          </Box>
        </>
      ) : null}
    </PanelSection>
  );
}

function FavorableSection({ favorable, unfavorable, reference }: { favorable: string[]; unfavorable: string[]; reference: boolean }) {
  const keys = favorableKeys(favorable);
  const avoid = unfavorable.map(elementLabel).join('・');
  return (
    <PanelSection
      title="あなたを助ける五行（喜神）"
      description="取り入れるほど流れが整う五行です。毎日の小さな選択に、そっと混ぜてみてください。"
      reference={reference}
      testId="elements-favorable"
    >
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(220px, 1fr))' } }}
      >
        {keys.map((key) => {
          const hint = FAVORABLE_HINTS[key];
          return (
            <Box
              component="li"
              key={key}
              data-testid={`favorable-${key}`}
              sx={{ display: 'flex', gap: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'background.default' }}
            >
              <ElementGlyph char={elementLabel(key)} element={key} size="sm" />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{hint.gift}</Typography>
                <Typography variant="body2">色: {hint.colors}・方角: {hint.direction}</Typography>
                <Typography variant="body2">おすすめ: {hint.actions}</Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
      {avoid ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="elements-unfavorable">
          {avoid}の気（忌神）が重なりすぎると、流れが滞りがちです。そんな日は上の過ごし方で巡りを整えましょう。
        </Typography>
      ) : null}
    </PanelSection>
  );
}

/** 五行: the ring chart and its table, the balance in words, the day master's strength and the helpful elements. */
export function ElementsTab({ chart }: { chart: StoredChart }) {
  const shares = elementShares(chart.elements);
  const analysis = chart.analysis;
  const hourDependent = new Set(analysis?.hourDependent ?? []);

  return (
    <>
      <PanelSection title="五行のバランス" reference={hourDependent.has('elements')} testId="elements-balance">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, md: 4 },
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'center',
          }}
        >
          <ElementRingChart shares={shares} />
          <Box>
            <ElementShareTable shares={shares} />
            <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
              四柱の天干と地支を五行に分けて数えています。均等なら各20%です。
            </Typography>
          </Box>
        </Box>
        <BalanceReadingCard elements={chart.elements} headingComponent="h3" />
      </PanelSection>

      {analysis?.strength ? (
        <StrengthSection strength={analysis.strength} reference={hourDependent.has('strength')} />
      ) : null}

      {analysis && analysis.favorableElements.length > 0 ? (
        <FavorableSection
          favorable={analysis.favorableElements}
          unfavorable={analysis.unfavorableElements}
          reference={hourDependent.has('favorableElements')}
        />
      ) : null}
    </>
  );
}
