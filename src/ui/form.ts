import { useForm, type FieldValues, type UseFormProps, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** react-hook-form driven by a zod schema from src/contract: the form shows the schema's messages. */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
}

/** Wraps a registration so that what the user types is filtered (e.g. stripEmailCharacters) before the form sees it. */
export function filtered<R extends UseFormRegisterReturn>(registration: R, filter: (value: string) => string): R {
  return {
    ...registration,
    onChange: (event: { target: { value: string } }) => {
      const next = filter(event.target.value);
      if (next !== event.target.value) event.target.value = next;
      return registration.onChange(event);
    },
  };
}
