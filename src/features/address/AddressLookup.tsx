import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../ui/Field';
import { filtered } from '../../ui/form';
import { keepFocusOnPress } from '../../ui/keepFocusOnPress';
import { useStores } from '../../stores/context';
import { addressApi } from '../../api/address';
import type { AddressItem } from '../../contract/address';
import { EMPTY_POSTCODE_MESSAGE, NO_ADDRESSES_MESSAGE } from '../../contract/address';
import { formatPostcodeInput, isLookupPostcode } from '../../contract/rules/postcode';
import { EMPTY_ADDRESS, sortAddresses, splitAddress, type AddressFields } from './addresses';
import { lookupErrorMessage } from './lookupMessage';
import './address.css';

const ENTER_MANUALLY = "Can't find your address? Enter Manually";
const FIND_ADDRESS = 'Find address';
const LOOKING_UP = 'Loading...';
/** Spec 000 section 4: address fields are re-validated 100 ms after they change. */
const REVALIDATE_DELAY_MS = 100;

type AddressKey = 'postcode' | keyof AddressFields;

/** The form fields the lookup fills; the registration form's names unless told otherwise (e.g. address1, addressCity). */
type AddressFieldNames<T extends FieldValues> = Record<AddressKey, Path<T>>;

export interface AddressLookupProps<T extends FieldValues> {
  /** The react-hook-form form holding the postcode and the three address fields (validated on blur). */
  form: UseFormReturn<T>;
  names?: Partial<AddressFieldNames<T>>;
  /** Replaces the API call (tests). */
  lookup?: (postcode: string) => Promise<AddressItem[]>;
  disabled?: boolean;
}

const DEFAULT_NAMES = {
  postcode: 'postcode',
  addressLine1: 'addressLine1',
  addressLine2: 'addressLine2',
  townOrCity: 'townOrCity',
} as const;

/**
 * Postcode, lookup button, the list of found addresses and the three address fields (spec 000 sections 4, 5, 8).
 * Picking an address fills and shows the fields; 'Enter Manually' clears and shows them; a new lookup clears and hides them.
 */
export function AddressLookup<T extends FieldValues>({
  form,
  names: nameOverrides,
  lookup,
  disabled,
}: AddressLookupProps<T>) {
  const stores = useStores();
  const names = { ...DEFAULT_NAMES, ...nameOverrides } as AddressFieldNames<T>;
  const find = lookup ?? ((postcode: string) => addressApi(stores.http).lookup(postcode));
  const { register, setValue, trigger, getValues, formState } = form;
  const postcode = (useWatch({ control: form.control, name: names.postcode }) as string | undefined) ?? '';
  const [addresses, setAddresses] = useState<AddressItem[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [fieldsShown, setFieldsShown] = useState(() =>
    [names.addressLine1, names.addressLine2, names.townOrCity].some((name) => Boolean(getValues(name))),
  );
  const revalidateTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = useId();
  const fieldKeys = [names.addressLine1, names.addressLine2, names.townOrCity];

  useEffect(() => () => clearTimeout(revalidateTimer.current), []);

  const revalidateSoon = () => {
    clearTimeout(revalidateTimer.current);
    revalidateTimer.current = setTimeout(() => void trigger(fieldKeys), REVALIDATE_DELAY_MS);
  };

  const fill = (fields: AddressFields) => {
    for (const key of ['addressLine1', 'addressLine2', 'townOrCity'] as const) {
      setValue(names[key], fields[key] as PathValue<T, Path<T>>, { shouldDirty: true });
    }
    revalidateSoon();
  };

  const runLookup = async () => {
    if (loading) return;
    if (!postcode.trim()) {
      setLookupError(EMPTY_POSTCODE_MESSAGE);
      return;
    }
    if (!isLookupPostcode(postcode)) return;
    if (fieldsShown) {
      fill(EMPTY_ADDRESS);
      setFieldsShown(false);
    }
    setLookupError(null);
    setAddresses(null);
    setLoading(true);
    try {
      const found = await find(postcode);
      if (found.length === 0) setLookupError(NO_ADDRESSES_MESSAGE);
      else setAddresses(sortAddresses(found));
    } catch (error) {
      setLookupError(lookupErrorMessage(error));
    } finally {
      setLoading(false);
    }
  };

  const pick = (item: AddressItem) => {
    fill(splitAddress(item.address));
    setAddresses(null);
    setFieldsShown(true);
  };

  const enterManually = () => {
    fill(EMPTY_ADDRESS);
    setAddresses(null);
    setLookupError(null);
    setFieldsShown(true);
  };

  const onPostcodeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter in the postcode box looks the address up instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      void runLookup();
    }
  };

  const errorOf = (name: Path<T>) => {
    const error = name
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], formState.errors) as
      { message?: string } | undefined;
    return error?.message;
  };
  const addressField = (name: Path<T>) => register(name, { onChange: revalidateSoon });

  return (
    <div className="address-lookup" onMouseDown={keepFocusOnPress}>
      <Field
        label="Postcode"
        autoComplete="postal-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={8}
        disabled={disabled}
        {...filtered(register(names.postcode), formatPostcodeInput)}
        onKeyDown={onPostcodeKeyDown}
        error={errorOf(names.postcode) ?? lookupError ?? undefined}
        action={
          <button
            type="button"
            className="button button--primary"
            onClick={() => void runLookup()}
            disabled={disabled || loading || !isLookupPostcode(postcode)}
            aria-busy={loading || undefined}
          >
            {loading ? LOOKING_UP : FIND_ADDRESS}
          </button>
        }
      />
      {addresses && (
        <div className="address-lookup__results">
          <p id={listId} className="field__hint">
            {addresses.length === 1
              ? '1 address found. Choose yours:'
              : `${addresses.length} addresses found. Choose yours:`}
          </p>
          <ul className="address-lookup__list" aria-labelledby={listId}>
            {addresses.map((item) => (
              <li key={item.id}>
                <button type="button" className="address-lookup__option" onClick={() => pick(item)}>
                  {item.address}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!fieldsShown && (
        <button
          type="button"
          className="button button--link address-lookup__manual"
          onClick={enterManually}
          disabled={disabled}
        >
          {ENTER_MANUALLY}
        </button>
      )}
      {fieldsShown && (
        <div className="address-lookup__fields">
          <Field
            label="Address line 1"
            autoComplete="address-line1"
            disabled={disabled}
            {...addressField(names.addressLine1)}
            error={errorOf(names.addressLine1)}
          />
          <Field
            label="Address line 2"
            autoComplete="address-line2"
            disabled={disabled}
            {...addressField(names.addressLine2)}
            error={errorOf(names.addressLine2)}
          />
          <Field
            label="Town or city"
            autoComplete="address-level2"
            disabled={disabled}
            {...addressField(names.townOrCity)}
            error={errorOf(names.townOrCity)}
          />
        </div>
      )}
    </div>
  );
}
