import { useId } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';

import type { Pack } from '@/features/shop/api/types';
import { formatPricePerCredit, formatYen } from '@/features/shop/utils/money';

type PackPickerProps = {
  packs: readonly Pack[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  disabled?: boolean;
};

/**
 * The packs as a group of radio cards: each says its credits, its tax-inclusive price and what one credit
 * costs in it. The whole card is the radio's label, so a tap anywhere on it picks the pack; arrow keys move
 * between packs as in any radio group.
 */
export function PackPicker({ packs, selectedId, onSelect, disabled = false }: PackPickerProps) {
  const legendId = useId();
  return (
    <Box
      component="fieldset"
      aria-labelledby={legendId}
      disabled={disabled}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      <Typography id={legendId} component="legend" sx={{ fontWeight: 700, mb: 1.5, p: 0 }}>
        パックを選ぶ
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {packs.map((pack) => (
          <PackOption
            key={pack.id}
            pack={pack}
            checked={pack.id === selectedId}
            onSelect={() => onSelect(pack.id)}
            disabled={disabled}
          />
        ))}
      </Box>
    </Box>
  );
}

function PackOption({
  pack,
  checked,
  onSelect,
  disabled,
}: {
  pack: Pack;
  checked: boolean;
  onSelect: () => void;
  disabled: boolean;
}) {
  const titleId = useId();
  const detailsId = useId();
  return (
    <Paper
      component="label"
      variant="outlined"
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        p: { xs: 1.5, sm: 2 },
        cursor: disabled ? 'default' : 'pointer',
        borderWidth: 2,
        borderColor: checked ? 'secondary.main' : 'divider',
        bgcolor: checked ? '#fffaf0' : 'background.paper',
        transition: 'border-color 120ms, background-color 120ms',
        '&:focus-within': { outline: '2px solid', outlineColor: 'secondary.dark', outlineOffset: 2 },
      }}
    >
      <Radio
        name="pack"
        value={String(pack.id)}
        checked={checked}
        onChange={onSelect}
        disabled={disabled}
        color="secondary"
        sx={{ mt: -0.5, ml: -0.5 }}
        slotProps={{ input: { 'aria-labelledby': titleId, 'aria-describedby': detailsId } }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography id={titleId} component="span" sx={{ display: 'block', fontWeight: 700, fontSize: '1.1rem' }}>
          {pack.title}
        </Typography>
        <Box id={detailsId}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 700, color: 'secondary.dark', fontSize: '1.25rem' }}>
            {formatYen(pack.price)}
            <Typography component="span" variant="body2" sx={{ ml: 0.5, color: 'text.secondary' }}>
              （税込）
            </Typography>
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {pack.credits}クレジット・1クレジットあたり{formatPricePerCredit(pack.price, pack.credits)}
          </Typography>
          {pack.description ? (
            <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5 }}>
              {pack.description}
            </Typography>
          ) : null}
        </Box>
      </Box>
    </Paper>
  );
}
