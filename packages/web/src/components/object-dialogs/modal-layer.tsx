import { createContext, useContext, type ReactNode } from 'react';
import './modal-layer.css';

/**
 * Bootstrap modal layering: every modal is at z-index 1055 over a 1050 backdrop, so a modal
 * opened from another one needs a higher layer to be above it (and dim it). Each object dialog
 * sets the layer of what is inside it; prompts opened from there go one above.
 */
const LayerContext = createContext(-1);

export const maxModalLayer = 9;

export function ModalLayer({ layer, children }: { layer: number; children: ReactNode }) {
  return <LayerContext.Provider value={layer}>{children}</LayerContext.Provider>;
}

/** The Modal props that put a modal on a layer (0 = Bootstrap's own). */
export function layerProps(layer: number): { className?: string; backdropClassName?: string } {
  const level = Math.min(Math.max(layer, 0), maxModalLayer);
  if (level === 0) return {};
  return { className: `wms-modal-layer-${level}`, backdropClassName: `wms-modal-backdrop-layer-${level}` };
}

/** The layer of a modal opened from here: one above the dialog around it. */
export function useNextModalLayer(): number {
  return useContext(LayerContext) + 1;
}
