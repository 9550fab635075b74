import type { ImgHTMLAttributes } from 'react';
import { useBlobUrl } from '../lib/api/files';

type BlobImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  /** An `/api/files/...` URL, loaded with the bearer header. */
  url: string | null | undefined;
  placeholderClassName?: string;
};

/** An `<img>` for a protected file; renders a placeholder until loaded. */
export function BlobImage({ url, placeholderClassName, alt, ...rest }: BlobImageProps) {
  const { src, error } = useBlobUrl(url);
  if (!src) {
    return <div className={placeholderClassName ?? 'image-placeholder'} data-state={error ? 'error' : 'loading'} aria-hidden="true" />;
  }
  return <img src={src} alt={alt} {...rest} />;
}
