//! Camera paths: where each layer is at a point of the clip.

/// How much further the near layer (the subject) moves than the far one.
pub const FOREGROUND_PARALLAX: f32 = 1.6;

/// Background travel per second at motionDistance 3 and motionBucket 60,
/// as a fraction of the frame (pans), of the scale (zooms), or of a
/// radian (rolls).
const BASE_TRAVEL_PER_SEC: f32 = 0.036;
/// Upper bound of a clip's background travel, so the longest, fastest,
/// widest move still keeps the subject in frame.
const MAX_TRAVEL: f32 = 0.25;

/// The API's camera moves (`lenControl`), described from the camera: a pan to the left
/// slides the picture to the right; a clockwise roll turns the picture
/// anticlockwise; a push in enlarges it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CameraPath {
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    RollClockwise,
    RollAnticlockwise,
    PushIn,
    PullOut,
}

/// A camera move with its amount.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Motion {
    pub path: CameraPath,
    /// Background travel over the whole clip (see [`Motion::travel_for`]).
    pub travel: f32,
}

/// Where a layer is drawn: scaled about the frame centre, rotated by
/// `angle` (radians, positive turns the picture clockwise on screen) and
/// shifted by (`dx`, `dy`) in fractions of the frame's width and height.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LayerTransform {
    pub scale: f32,
    pub angle: f32,
    pub dx: f32,
    pub dy: f32,
}

impl LayerTransform {
    pub const IDENTITY: LayerTransform = LayerTransform { scale: 1.0, angle: 0.0, dx: 0.0, dy: 0.0 };
}

/// Smooth start and stop (cubic ease in-out) over `t` in 0..=1.
pub fn ease_in_out(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

impl Motion {
    /// Travel from the task's options: amplitude from motionDistance (1–5),
    /// speed from motionBucket (40/60/80), over the clip's duration.
    pub fn travel_for(motion_distance: u32, motion_bucket: u32, duration_secs: f32) -> f32 {
        let amplitude = motion_distance as f32 / 3.0;
        let speed = motion_bucket as f32 / 60.0;
        (BASE_TRAVEL_PER_SEC * amplitude * speed * duration_secs).clamp(0.0, MAX_TRAVEL)
    }

    /// The zoom that keeps the background covering the frame for the whole
    /// move, for a frame of aspect `w / h`.
    pub fn overscan(&self, aspect: f32) -> f32 {
        let t = self.travel;
        match self.path {
            CameraPath::PanLeft | CameraPath::PanRight | CameraPath::PanUp | CameraPath::PanDown => 1.0 + t,
            CameraPath::RollClockwise | CameraPath::RollAnticlockwise => {
                let a = self.roll_angle();
                let ratio = aspect.max(1.0 / aspect.max(1e-3));
                a.cos() + a.sin() * ratio
            }
            CameraPath::PushIn | CameraPath::PullOut => 1.0,
        }
    }

    fn roll_angle(&self) -> f32 {
        // 0.09 travel (the defaults) rolls about 9 degrees.
        self.travel * 1.75
    }

    /// The two layers' transforms at clip position `t` (0 first frame, 1
    /// last), eased.
    pub fn at(&self, t: f32, aspect: f32) -> (LayerTransform, LayerTransform) {
        let e = ease_in_out(t);
        let base = self.overscan(aspect);
        let layer = |k: f32| {
            let mut tr = LayerTransform { scale: base, ..LayerTransform::IDENTITY };
            // Centred sweeps: from -half to +half of the travel.
            let sweep = (e - 0.5) * self.travel * k;
            match self.path {
                CameraPath::PanLeft => tr.dx = sweep,
                CameraPath::PanRight => tr.dx = -sweep,
                CameraPath::PanUp => tr.dy = sweep,
                CameraPath::PanDown => tr.dy = -sweep,
                CameraPath::RollClockwise => tr.angle = -(e - 0.5) * self.roll_angle() * k,
                CameraPath::RollAnticlockwise => tr.angle = (e - 0.5) * self.roll_angle() * k,
                CameraPath::PushIn => tr.scale = base * (1.0 + e * self.travel * k),
                CameraPath::PullOut => tr.scale = base * (1.0 + (1.0 - e) * self.travel * k),
            }
            tr
        };
        (layer(1.0), layer(FOREGROUND_PARALLAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easing_starts_and_ends_still() {
        assert_eq!(ease_in_out(0.0), 0.0);
        assert_eq!(ease_in_out(1.0), 1.0);
        assert!((ease_in_out(0.5) - 0.5).abs() < 1e-6);
        assert!(ease_in_out(0.05) < 0.01);
    }

    #[test]
    fn travel_follows_distance_speed_and_duration() {
        let default = Motion::travel_for(3, 60, 2.5);
        assert!((default - 0.09).abs() < 1e-6);
        assert!(Motion::travel_for(5, 60, 2.5) > default);
        assert!(Motion::travel_for(3, 80, 2.5) > default && Motion::travel_for(3, 40, 2.5) < default);
        assert_eq!(Motion::travel_for(5, 80, 5.0), MAX_TRAVEL);
    }

    #[test]
    fn the_subject_moves_further_than_the_background() {
        let m = Motion { path: CameraPath::PanLeft, travel: 0.1 };
        let (b0, f0) = m.at(0.0, 1.0);
        let (b1, f1) = m.at(1.0, 1.0);
        assert!(b1.dx > b0.dx, "a pan left slides the picture right");
        assert!((f1.dx - f0.dx) > (b1.dx - b0.dx) * 1.5);
        let zoom = Motion { path: CameraPath::PushIn, travel: 0.1 };
        assert!(zoom.at(1.0, 1.0).1.scale > zoom.at(1.0, 1.0).0.scale);
    }
}
