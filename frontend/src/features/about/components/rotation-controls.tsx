import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';

type RotationControlsProps = {
  count: number;
  index: number;
  onSelect: (index: number) => void;
  /** e.g. メッセージ, スライド: the dots read 'メッセージ 1' … */
  itemLabel: string;
  /** Whether the automatic turn is switched off by the visitor; null hides the button (reduced motion). */
  userPaused: boolean | null;
  onTogglePause: () => void;
  /** Colours for the night sky or for paper. */
  tone?: 'night' | 'paper';
};

/** Dots to pick an item, and a button that stops or restarts the automatic turn (WCAG 2.2.2). */
export function RotationControls({
  count,
  index,
  onSelect,
  itemLabel,
  userPaused,
  onTogglePause,
  tone = 'paper',
}: RotationControlsProps) {
  const on = tone === 'night' ? '#e8bf74' : '#3d3478';
  const off = tone === 'night' ? 'rgba(246, 241, 230, 0.45)' : 'rgba(61, 52, 120, 0.35)';

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5 }}>
      {Array.from({ length: count }, (_, i) => (
        <IconButton
          key={i}
          aria-label={`${itemLabel} ${i + 1}`}
          aria-pressed={i === index}
          onClick={() => onSelect(i)}
          size="small"
          sx={{ width: 32, height: 32 }}
        >
          <Box
            component="span"
            sx={{
              width: i === index ? 22 : 9,
              height: 9,
              borderRadius: 999,
              bgcolor: i === index ? on : off,
              transition: 'width 250ms ease, background-color 250ms ease',
            }}
          />
        </IconButton>
      ))}
      {userPaused === null ? null : (
        <IconButton
          aria-label={userPaused ? '自動切り替えを再開' : '自動切り替えを停止'}
          onClick={onTogglePause}
          size="small"
          sx={{ ml: 1, color: on, border: '1px solid', borderColor: off }}
        >
          {userPaused ? <PlayArrowIcon fontSize="small" /> : <PauseIcon fontSize="small" />}
        </IconButton>
      )}
    </Box>
  );
}
