// The image viewer: a message's image at full size in a modal dialog, with its name and a
// link to the original file. Escape, the close button or a click outside closes it.
import { useSyncExternalStore } from 'react';
import { closeImage, subscribeLightbox, viewedImage } from '../lib/lightbox';
import { Modal } from './Modal';

export function Lightbox() {
  const image = useSyncExternalStore(subscribeLightbox, viewedImage);
  if (!image) return null;
  return (
    <Modal title={image.title} onClose={closeImage} className="lightbox">
      <div className="lightbox-body">
        <img src={image.src} alt={image.title} />
      </div>
      <div className="row-buttons">
        <a className="button" href={image.src} target="_blank" rel="noopener noreferrer">
          Open the original
        </a>
        <a className="button" href={image.src} download={image.title}>
          Download
        </a>
      </div>
    </Modal>
  );
}
