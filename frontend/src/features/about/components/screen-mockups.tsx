import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

import { elementColors, nightSky, starField } from '@/theme/palette';

/**
 * Drawings of four app screens for the about page's carousel, built from boxes and text so they stay
 * sharp at any size and cost no image download. The content is sample content; its dates are written as
 * lib/dates.ts writes them, but as text: importing the helper here would pull it, with the public header
 * and footer, into a chunk shared with the landing page and push that page over its size budget.
 */

function ScreenHeader({ title, sub }: { title: string; sub?: string }) {
  return (
    <Box sx={{ px: 2, pt: 0.5, pb: 1, flexShrink: 0 }}>
      {sub ? <Box sx={{ fontSize: 10, color: '#5f5a73' }}>{sub}</Box> : null}
      <Box sx={{ fontSize: 16, fontWeight: 700, letterSpacing: '0.05em' }}>{title}</Box>
    </Box>
  );
}

function Chip({ children, color = '#3d3478' }: { children: ReactNode; color?: string }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-block', px: 1, py: '1px', borderRadius: 999, fontSize: 10, fontWeight: 700, color, border: `1px solid ${color}`, bgcolor: '#ffffff' }}
    >
      {children}
    </Box>
  );
}

const NAV_ITEMS = ['ホーム', '友達', '', '日記', 'マイ'] as const;

function BottomNav({ active }: { active: number }) {
  return (
    <Box
      sx={{
        mt: 'auto',
        flexShrink: 0,
        height: 52,
        display: 'grid',
        gridTemplateColumns: 'repeat(5, 1fr)',
        alignItems: 'center',
        justifyItems: 'center',
        bgcolor: '#ffffff',
        borderTop: '1px solid #e6e1d6',
        fontSize: 9,
        color: '#5f5a73',
      }}
    >
      {NAV_ITEMS.map((label, i) =>
        label === '' ? (
          <Box
            key={i}
            sx={{
              width: 40,
              height: 40,
              mt: -2.5,
              borderRadius: '50%',
              background: `radial-gradient(circle at 35% 30%, #8d83d6, ${nightSky.mid})`,
              boxShadow: `0 0 0 3px #ffffff, 0 4px 12px rgba(36, 29, 82, 0.4)`,
              display: 'grid',
              placeItems: 'center',
              color: nightSky.gold,
              fontSize: 16,
            }}
          >
            ✦
          </Box>
        ) : (
          <Box key={i} sx={{ display: 'grid', justifyItems: 'center', gap: '2px', color: i === active ? '#3d3478' : '#5f5a73', fontWeight: i === active ? 700 : 400 }}>
            <Box sx={{ width: 14, height: 14, borderRadius: i === 1 ? '50%' : '4px', border: '2px solid currentColor' }} />
            {label}
          </Box>
        ),
      )}
    </Box>
  );
}

export function DailyFortuneScreen() {
  return (
    <>
      <ScreenHeader sub="11月21日(金)" title="今日の運勢" />
      <Box sx={{ px: 1.5, display: 'grid', gap: 1.25, alignContent: 'start', flex: 1, minHeight: 0, overflow: 'hidden', pb: 1 }}>
        <Box
          sx={{
            p: 1.5,
            borderRadius: 3,
            color: nightSky.text,
            backgroundColor: nightSky.mid,
            backgroundImage: `${starField}, linear-gradient(150deg, #3d3478, ${nightSky.deep})`,
          }}
        >
          <Box sx={{ fontSize: 10, color: nightSky.gold, fontWeight: 700, mb: 0.5 }}>今日のひとこと</Box>
          <Box sx={{ fontSize: 13, fontWeight: 700, lineHeight: 1.6 }}>流れに身をまかせると、思わぬご縁が舞い込む日。</Box>
          <Box sx={{ fontSize: 11, color: nightSky.muted, mt: 0.5 }}>午後は肩の力を抜いて。</Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
          <Chip color="#94661c">大安</Chip>
          <Chip color="#2f6a45">一粒万倍日</Chip>
          <Chip color="#245a91">寅の日</Chip>
        </Box>
        <Box sx={{ borderRadius: 3, bgcolor: '#ffffff', border: '1px solid #e6e1d6', overflow: 'hidden' }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', fontSize: 11, fontWeight: 700, textAlign: 'center' }}>
            <Box sx={{ py: 0.75, color: '#3d3478', borderBottom: '2px solid #3d3478' }}>やること</Box>
            <Box sx={{ py: 0.75, color: '#5f5a73', borderBottom: '1px solid #e6e1d6' }}>控えること</Box>
          </Box>
          <Box component="ol" sx={{ m: 0, py: 1, pl: 3, pr: 1.5, fontSize: 11, display: 'grid', gap: 0.5 }}>
            <li>朝いちばんに窓を開けて深呼吸</li>
            <li>しばらく会っていない友人に連絡</li>
            <li>白いものをひとつ身につける</li>
          </Box>
        </Box>
        <Box sx={{ p: 1.25, borderRadius: 3, bgcolor: '#ffffff', border: '1px solid #e6e1d6', display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box sx={{ width: 28, height: 28, flexShrink: 0, borderRadius: '50%', display: 'grid', placeItems: 'center', color: '#ffffff', fontWeight: 700, fontSize: 12, bgcolor: elementColors.fire.main }}>
            火
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ fontSize: 10, color: '#5f5a73' }}>友達の近況</Box>
            <Box sx={{ fontSize: 11, fontWeight: 700 }}>はるかさんは今日、挑戦に追い風の日。</Box>
          </Box>
        </Box>
      </Box>
      <BottomNav active={0} />
    </>
  );
}

function ChatBubble({ from, children }: { from: 'me' | 'navi'; children: ReactNode }) {
  const me = from === 'me';
  return (
    <Box sx={{ display: 'flex', justifyContent: me ? 'flex-end' : 'flex-start', gap: 0.75, alignItems: 'flex-end' }}>
      {me ? null : (
        <Box sx={{ width: 22, height: 22, flexShrink: 0, borderRadius: '50%', background: `radial-gradient(circle at 35% 30%, #8d83d6, ${nightSky.mid})`, boxShadow: `inset 0 -3px 0 ${nightSky.gold}` }} />
      )}
      <Box
        sx={{
          maxWidth: '78%',
          px: 1.25,
          py: 0.75,
          fontSize: 11,
          lineHeight: 1.6,
          borderRadius: me ? '14px 14px 4px 14px' : '14px 14px 14px 4px',
          bgcolor: me ? '#3d3478' : '#ffffff',
          color: me ? '#ffffff' : '#2a2540',
          border: me ? 'none' : '1px solid #e6e1d6',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

export function ChatScreen() {
  return (
    <>
      <Box sx={{ px: 2, pb: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', borderBottom: '1px solid #e6e1d6', flexShrink: 0 }}>
        <Box sx={{ fontSize: 15, fontWeight: 700 }}>ナビゲーター</Box>
        <Box sx={{ fontSize: 10, fontWeight: 700, color: '#94661c' }}>残り 3 クレジット</Box>
      </Box>
      <Box sx={{ px: 1.5, py: 1.5, display: 'grid', gap: 1, alignContent: 'start', flex: 1, bgcolor: '#f3efe6' }}>
        <ChatBubble from="navi">こんばんは。今日はどんな一日だった？</ChatBubble>
        <ChatBubble from="me">最近、仕事で迷ってばかりで…</ChatBubble>
        <ChatBubble from="navi">あなたは「水」の気が強い人。立ち止まって考える時間も、流れの大切な一部だよ。</ChatBubble>
        <ChatBubble from="me">明日の会議、どう臨めばいい？</ChatBubble>
        <ChatBubble from="navi">明日は「火」の気が巡る日。最初のひと言を、いつもより明るく。</ChatBubble>
      </Box>
      <Box sx={{ p: 1.25, display: 'flex', gap: 0.75, alignItems: 'center', bgcolor: '#ffffff', borderTop: '1px solid #e6e1d6', flexShrink: 0 }}>
        <Box sx={{ flex: 1, px: 1.25, py: 0.75, borderRadius: 999, border: '1px solid #d9d3c6', fontSize: 11, color: '#5f5a73' }}>メッセージを入力</Box>
        <Box sx={{ width: 28, height: 28, borderRadius: '50%', bgcolor: '#3d3478', color: '#ffffff', display: 'grid', placeItems: 'center', fontSize: 12 }}>↑</Box>
      </Box>
    </>
  );
}

export function FutureDiaryScreen() {
  return (
    <>
      <ScreenHeader sub="2025年11月21日(金)" title="未来日記" />
      <Box sx={{ px: 1.5, display: 'grid', gap: 1.25 }}>
        <Box sx={{ p: 1.5, borderRadius: 3, bgcolor: '#ffffff', border: '1px solid #e6e1d6', fontSize: 12, lineHeight: 1.8, minHeight: 128 }}>
          今日は
          <Box component="span" sx={{ color: '#245a91', fontWeight: 700 }}>
            {' '}@haruka{' '}
          </Box>
          とカフェで将来の話をした。一年後のわたしは、あの夢に少しでも近づいているかな。
          <Box component="span" sx={{ display: 'inline-block', width: '1px', height: 14, bgcolor: '#3d3478', ml: '2px', verticalAlign: 'middle' }} />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 1.25, borderRadius: 3, bgcolor: '#efeaf6' }}>
          <Box>
            <Box sx={{ fontSize: 12, fontWeight: 700 }}>未来に届ける</Box>
            <Box sx={{ fontSize: 10, color: '#5f5a73' }}>2026年11月21日にあなたへ届きます</Box>
          </Box>
          <Box sx={{ width: 34, height: 20, borderRadius: 999, bgcolor: '#3d3478', p: '3px', display: 'flex', justifyContent: 'flex-end' }}>
            <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: '#ffffff' }} />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 0.75 }}>
          <Chip>@ メンション</Chip>
          <Chip color="#94661c">✉ 1年後</Chip>
        </Box>
        <Box sx={{ py: 1, borderRadius: 999, textAlign: 'center', fontWeight: 700, fontSize: 12, bgcolor: '#c8923a', color: '#1f1a3d' }}>
          書きとめる
        </Box>
      </Box>
      <BottomNav active={3} />
    </>
  );
}

function Avatar({ name, element }: { name: string; element: 'wood' | 'fire' }) {
  const glyph = element === 'wood' ? '木' : '火';
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.5 }}>
      <Box sx={{ width: 52, height: 52, borderRadius: '50%', display: 'grid', placeItems: 'center', fontSize: 20, fontWeight: 700, color: '#ffffff', bgcolor: elementColors[element].main, boxShadow: '0 0 0 3px #ffffff, 0 4px 10px rgba(0,0,0,0.15)' }}>
        {glyph}
      </Box>
      <Box sx={{ fontSize: 11, fontWeight: 700 }}>{name}</Box>
    </Box>
  );
}

export function CompatibilityScreen() {
  const score = 82;
  const circumference = 2 * Math.PI * 34;
  return (
    <>
      <ScreenHeader sub="友達" title="相性を見る" />
      <Box sx={{ px: 1.5, display: 'grid', gap: 1.25 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-around', p: 1.5, borderRadius: 3, bgcolor: '#ffffff', border: '1px solid #e6e1d6' }}>
          <Avatar name="あなた" element="wood" />
          <Box sx={{ position: 'relative', width: 80, height: 80 }}>
            <svg viewBox="0 0 80 80" width="80" height="80" aria-hidden="true">
              <circle cx="40" cy="40" r="34" fill="none" stroke="#eee8dc" strokeWidth="7" />
              <circle
                cx="40"
                cy="40"
                r="34"
                fill="none"
                stroke="#c8923a"
                strokeWidth="7"
                strokeLinecap="round"
                strokeDasharray={`${(circumference * score) / 100} ${circumference}`}
                transform="rotate(-90 40 40)"
              />
            </svg>
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', textAlign: 'center', lineHeight: 1.1 }}>
              <Box>
                <Box sx={{ fontSize: 20, fontWeight: 700 }}>{score}%</Box>
                <Box sx={{ fontSize: 9, color: '#5f5a73' }}>相性</Box>
              </Box>
            </Box>
          </Box>
          <Avatar name="はるか" element="fire" />
        </Box>
        <Box sx={{ p: 1.5, borderRadius: 3, bgcolor: '#fbf1e4', border: '1px solid #f0dcc0' }}>
          <Box sx={{ fontSize: 12, fontWeight: 700, mb: 0.5 }}>木 × 火 ― 育て合うふたり</Box>
          <Box sx={{ fontSize: 11, lineHeight: 1.7 }}>
            あなたが灯した火を、はるかさんが大きく育てる組み合わせ。新しい計画は、ふたりで始めると勢いがつきます。
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', fontSize: 10 }}>
          <Chip color="#2f6a45">相性のよい日 11/24</Chip>
          <Chip color="#2f6a45">11/30</Chip>
        </Box>
      </Box>
      <BottomNav active={1} />
    </>
  );
}
