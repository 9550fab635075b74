import { useI18n } from '../../../lib/i18n';
import { CAMERA_MOVES, type CameraMove, type Speed } from '../constants';
import { videoText } from '../text';

interface CameraPickerProps {
  value: CameraMove;
  /** The uploaded image, animated in each tile; a pattern before upload. */
  previewUrl: string | null;
  speed: Speed;
  onChange: (m: CameraMove) => void;
}

/**
 * The eight camera moves, each tile looping a CSS animation of what the
 * clip does (as the renderer does it: a pan left slides the picture right,
 * a clockwise roll turns it anticlockwise, zoom in enlarges it).
 */
export function CameraPicker({ value, previewUrl, speed, onChange }: CameraPickerProps) {
  const { lang } = useI18n();
  return (
    <fieldset className="field camera-picker" data-testid="camera-picker">
      <legend>{videoText(lang, 'camera')}</legend>
      <div className="camera-grid">
        {CAMERA_MOVES.map((m) => (
          <label key={m} className={m === value ? 'camera-tile active' : 'camera-tile'} data-testid={`camera-${m}`}>
            <input type="radio" name="camera-move" value={m} checked={m === value} onChange={() => onChange(m)} />
            <span className="camera-preview" aria-hidden="true">
              <span
                className={`camera-preview-img move-${m} speed-${speed}`}
                data-testid={`camera-preview-${m}`}
                style={previewUrl ? { backgroundImage: `url(${previewUrl})` } : undefined}
              />
            </span>
            <span className="camera-label">{videoText(lang, `camera.${m}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
