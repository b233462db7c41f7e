import { memo, useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';

export type SelectOption = {
  value: string;
  label: string;
};

type SelectFieldProps = {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  /** Text of the empty choice. */
  placeholder?: string;
};

/**
 * An outlined native select. Native: quick to scroll through 100 years on a phone. Built from the input
 * parts rather than `TextField select`, which would also bundle MUI's menu and popover. Memoised: a form
 * with several long selects re-renders only the one that changed (pass stable `options` and `onChange`).
 */
export const SelectField = memo(function SelectField({
  label,
  value,
  options,
  onChange,
  required,
  disabled,
  placeholder = '選択',
}: SelectFieldProps) {
  const id = useId();

  return (
    <FormControl fullWidth required={required} disabled={disabled}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput label={label} notched />}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
});
