import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { ELEMENT_KEYS, ELEMENT_LABELS, type ElementBalance } from '@/lib/bazi';
import { elementColors } from '@/theme/palette';

export type CircleSize = 'xl' | 'lg' | 'md' | 'sm';

/** Circle size by value (spec §2): 5 or more largest, then 4, then 3, below 3 smallest. */
export function circleSizeFor(value: number): CircleSize {
  if (value >= 5) return 'xl';
  if (value >= 4) return 'lg';
  if (value >= 3) return 'md';
  return 'sm';
}

const DIAMETERS: Record<CircleSize, number> = { xl: 84, lg: 70, md: 58, sm: 48 };

const formatValue = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

type ElementCirclesProps = {
  elements: ElementBalance;
};

/** The five elements as circles sized by strength; weak ones (under 3) are drawn in a lighter colour. */
export function ElementCircles({ elements }: ElementCirclesProps) {
  return (
    <Box>
      <Box
        component="ul"
        aria-label="五行のバランス"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(5, 1fr)',
          alignItems: 'end',
          gap: 1,
        }}
      >
        {ELEMENT_KEYS.map((key) => {
          const value = elements[key];
          const size = circleSizeFor(value);
          const weak = value < 3;
          const colors = elementColors[key];
          return (
            <Box
              component="li"
              key={key}
              data-testid={`element-${key}`}
              data-size={size}
              data-weak={weak}
              aria-label={`${ELEMENT_LABELS[key]} ${formatValue(value)}`}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.75 }}
            >
              <Box
                aria-hidden="true"
                sx={{
                  width: DIAMETERS[size],
                  height: DIAMETERS[size],
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: weak ? colors.light : colors.main,
                  color: weak ? 'text.primary' : '#ffffff',
                  fontSize: DIAMETERS[size] / 2.6,
                  fontWeight: 700,
                  transition: 'width 300ms ease, height 300ms ease',
                }}
              >
                {ELEMENT_LABELS[key]}
              </Box>
              <Typography data-testid={`element-${key}-value`} variant="body2" sx={{ fontWeight: 700 }}>
                {formatValue(value)}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <Typography
        data-testid="element-dominant"
        data-element={elements.dominant}
        sx={{ mt: 2, textAlign: 'center', fontWeight: 700 }}
      >
        最も強い五行：{ELEMENT_LABELS[elements.dominant]}
      </Typography>
    </Box>
  );
}
