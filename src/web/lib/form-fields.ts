import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * The props of a MUI TextField registered with react-hook-form: the ref goes to the <input> (not
 * MUI's wrapper, so that focusing an error works) and the field's error message shows under it.
 */
export function textFieldProps<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>, name: Path<T>) {
  const { ref, ...rest } = form.register(name);
  const { error } = form.getFieldState(name, form.formState);
  return { ...rest, inputRef: ref, error: Boolean(error), helperText: error?.message };
}
