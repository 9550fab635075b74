/** One page component per diffusion route (the router's PAGES map). */
import { DIFFUSION_ROUTES } from '../constants';
import { DiffusionPage } from './DiffusionPage';

export const MannequinPage = () => <DiffusionPage route={DIFFUSION_ROUTES.mannequin} />;
export const ModelPhotoPage = () => <DiffusionPage route={DIFFUSION_ROUTES.modelPhoto} />;
export const ShoesPage = () => <DiffusionPage route={DIFFUSION_ROUTES.shoes} />;
export const WigPage = () => <DiffusionPage route={DIFFUSION_ROUTES.wig} />;
export const CustomizedModelsPage = () => <DiffusionPage route={DIFFUSION_ROUTES.customizedModels} />;
export const CustomizedAnimalPage = () => <DiffusionPage route={DIFFUSION_ROUTES.customizedAnimal} />;
export const TryonPage = () => <DiffusionPage route={DIFFUSION_ROUTES.tryon} />;
