//! Signed distances (in pixels, negative inside) of the simple shapes pictures are made of,
//! and how they turn into coverage.

pub(super) type Point = (f32, f32);

/// The length of a vector: `f32::hypot` guards against overflow that pixel coordinates never
/// reach, at several times the cost (it is most of a picture's drawing time).
fn length(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

pub(super) fn circle((x, y): Point, (cx, cy): Point, r: f32) -> f32 {
    length(x - cx, y - cy) - r
}

/// Not exact, but smooth, never more than the true distance, and good enough for outlines
/// and blurred shadows.
pub(super) fn ellipse((x, y): Point, (cx, cy): Point, (rx, ry): (f32, f32)) -> f32 {
    let (dx, dy) = ((x - cx) / rx, (y - cy) / ry);
    (length(dx, dy) - 1.0) * rx.min(ry)
}

pub(super) fn rounded_box((x, y): Point, (cx, cy): Point, (hx, hy): (f32, f32), r: f32) -> f32 {
    let qx = (x - cx).abs() - hx + r;
    let qy = (y - cy).abs() - hy + r;
    length(qx.max(0.0), qy.max(0.0)) + qx.max(qy).min(0.0) - r
}

pub(super) fn capsule((x, y): Point, (ax, ay): Point, (bx, by): Point, r: f32) -> f32 {
    let (pax, pay) = (x - ax, y - ay);
    let (bax, bay) = (bx - ax, by - ay);
    let h = ((pax * bax + pay * bay) / (bax * bax + bay * bay)).clamp(0.0, 1.0);
    length(pax - bax * h, pay - bay * h) - r
}

/// A capsule and its mirror image across the picture's middle (x = 400).
pub(super) fn capsule_pair(p: Point, a: Point, b: Point, r: f32) -> f32 {
    capsule(p, a, b, r).min(capsule(p, (800.0 - a.0, a.1), (800.0 - b.0, b.1), r))
}

/// A symmetric trapezoid centred at `c`: `top` and `bottom` are half widths, `half_height`
/// half its height (image coordinates, y down).
pub(super) fn trapezoid(
    (x, y): Point,
    (cx, cy): Point,
    top: f32,
    bottom: f32,
    half_height: f32,
) -> f32 {
    let px = (x - cx).abs();
    let py = y - cy;
    let (k1x, k1y) = (bottom, half_height);
    let (k2x, k2y) = (bottom - top, 2.0 * half_height);
    let cax = px - px.min(if py < 0.0 { top } else { bottom });
    let cay = py.abs() - half_height;
    let h = (((k1x - px) * k2x + (k1y - py) * k2y) / (k2x * k2x + k2y * k2y)).clamp(0.0, 1.0);
    let cbx = px - k1x + k2x * h;
    let cby = py - k1y + k2y * h;
    let sign = if cbx < 0.0 && cay < 0.0 { -1.0 } else { 1.0 };
    sign * (cax * cax + cay * cay).min(cbx * cbx + cby * cby).sqrt()
}

pub(super) fn smooth_union(a: f32, b: f32, k: f32) -> f32 {
    let h = (0.5 + 0.5 * (b - a) / k).clamp(0.0, 1.0);
    b + (a - b) * h - k * h * (1.0 - h)
}

/// The outline of a shape: a band `half_width` wide either side of its edge.
pub(super) fn outline(distance: f32, half_width: f32) -> f32 {
    distance.abs() - half_width
}

/// Anti-aliased coverage of a shape from its signed distance.
pub(super) fn coverage(distance: f32) -> f32 {
    (0.5 - distance).clamp(0.0, 1.0)
}

/// A blurred coverage: 1 well inside, fading to 0 over `blur` pixels around the edge.
pub(super) fn soft(distance: f32, blur: f32) -> f32 {
    let t = (0.5 - distance / (2.0 * blur)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}
