import type { ComponentType } from 'react';

import type { ChosenPlace } from '@/lib/birth-data';

/** The props of a birth-place input with suggestions (features/birth-input's `PlaceField` has them). */
export type PlaceFieldProps = {
  label: string;
  helperText?: string;
  /** The chosen place, or null while none is chosen (typing clears a previous choice). */
  value: ChosenPlace | null;
  onChange: (place: ChosenPlace | null) => void;
  /** True while the coordinates of a just-chosen place are being looked up. */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
};

/**
 * A birth-place input handed to a feature that needs one (signup, settings). Features never import
 * each other, so the route that composes the screen passes birth-input's `PlaceField` in.
 */
export type PlaceFieldComponent = ComponentType<PlaceFieldProps>;
