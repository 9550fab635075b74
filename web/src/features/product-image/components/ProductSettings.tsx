import type { Dispatch, SetStateAction } from 'react';
import type { ProductForm, ProductLimits } from '../constants';
import { BackgroundPicker } from './BackgroundPicker';
import { ProductOptions } from './ProductOptions';

interface Props {
  form: ProductForm;
  limits: ProductLimits | null;
  onChange: Dispatch<SetStateAction<ProductForm>>;
  allowsCustomColour: boolean;
}

/** The background choice and the composition options, as the single and batch pages show them. */
export function ProductSettings({ form, limits, onChange, allowsCustomColour }: Props) {
  return (
    <>
      <BackgroundPicker value={form.background} allowsCustomColour={allowsCustomColour} onChange={(background) => onChange((f) => ({ ...f, background }))} />
      <ProductOptions form={form} limits={limits} onChange={onChange} />
    </>
  );
}
