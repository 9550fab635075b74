import { useParams } from 'react-router';
import { MaterialDetailPage } from './MaterialDetailPage';
import { MaterialPage } from './MaterialPage';

/** /modi-poster-material and /modi-poster-material/{id}. */
export function PosterMaterialRoute({ mobile = false }: { mobile?: boolean }) {
  const { id } = useParams();
  return id ? <MaterialDetailPage key={id} id={id} mobile={mobile} /> : <MaterialPage mobile={mobile} />;
}
