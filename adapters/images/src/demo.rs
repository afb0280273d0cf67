//! Demo pictures drawn locally, so a fresh shop has a catalogue with images and no network.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder as _, Rgb, RgbImage};

pub const DEMO_WIDTH: u32 = 800;
pub const DEMO_HEIGHT: u32 = 1000;

/// A pleasant 800 × 1000 PNG of a garment on a hanger over a soft pastel backdrop.
///
/// `seed` picks the garment (dress, T-shirt, skirt, hoodie), its pattern (plain, stripes,
/// dots) and small variations; `hue` (degrees, 0–359) sets the garment's colour, or is
/// derived from the seed when `None`. The same arguments always give the same bytes.
pub fn demo_picture(seed: u32, hue: Option<u16>) -> Vec<u8> {
    let scene = Scene::new(seed, hue);
    let picture = RgbImage::from_fn(DEMO_WIDTH, DEMO_HEIGHT, |x, y| {
        let [r, g, b] = scene.shade(x as f32 + 0.5, y as f32 + 0.5);
        Rgb([to_byte(r), to_byte(g), to_byte(b)])
    });
    let mut png = Vec::new();
    PngEncoder::new_with_quality(&mut png, CompressionType::Fast, FilterType::Adaptive)
        .write_image(
            picture.as_raw(),
            DEMO_WIDTH,
            DEMO_HEIGHT,
            image::ExtendedColorType::Rgb8,
        )
        .expect("encoding a PNG into memory cannot fail");
    png
}

type Color = [f32; 3];

#[derive(Debug, Clone, Copy)]
enum Garment {
    Dress,
    TShirt,
    Skirt,
    Hoodie,
}

#[derive(Debug, Clone, Copy)]
enum Pattern {
    Plain,
    Stripes,
    Dots,
}

struct Scene {
    garment: Garment,
    pattern: Pattern,
    /// Horizontal offset of the backdrop circle.
    blob_x: f32,
    background_top: Color,
    background_bottom: Color,
    blob: Color,
    cloth: Color,
    accent: Color,
    hanger: Color,
}

impl Scene {
    fn new(seed: u32, hue: Option<u16>) -> Self {
        let mixed = mix(seed);
        let hue = hue.map_or((mixed % 360) as f32, |h| f32::from(h % 360));
        let garment = match seed % 4 {
            0 => Garment::Dress,
            1 => Garment::TShirt,
            2 => Garment::Skirt,
            _ => Garment::Hoodie,
        };
        let pattern = match (seed / 4) % 3 {
            0 => Pattern::Plain,
            1 => Pattern::Stripes,
            _ => Pattern::Dots,
        };
        let background_hue = hue + 25.0 + ((mixed >> 9) % 30) as f32;
        let cloth_lightness = 0.52 + ((mixed >> 17) % 10) as f32 / 100.0;
        Self {
            garment,
            pattern,
            blob_x: 330.0 + ((mixed >> 5) % 140) as f32,
            background_top: hsl(background_hue, 0.40, 0.95),
            background_bottom: hsl(background_hue, 0.30, 0.84),
            blob: hsl(background_hue - 10.0, 0.45, 0.89),
            cloth: hsl(hue, 0.42, cloth_lightness),
            accent: hsl(hue, 0.45, cloth_lightness + 0.22),
            hanger: hsl(30.0, 0.25, 0.32),
        }
    }

    fn shade(&self, x: f32, y: f32) -> Color {
        let p = (x, y);
        let t = y / DEMO_HEIGHT as f32;
        let mut color = lerp(self.background_top, self.background_bottom, t);
        // A soft circle behind the garment.
        let blob = circle(p, (self.blob_x, 460.0), 330.0);
        color = lerp(color, self.blob, 0.8 * soft(blob, 40.0));
        // A floor shadow under the garment and a soft drop shadow of the garment.
        let floor = ellipse_distance(p, (400.0, 915.0), (260.0, 26.0));
        color = lerp(color, [0.0, 0.0, 0.0], 0.10 * soft(floor, 30.0));
        // Everything below lies within this box; the backdrop alone is cheap.
        if !(60.0..=740.0).contains(&x) || !(100.0..=960.0).contains(&y) {
            return color;
        }
        let drop = self.garment_distance((x - 14.0, y - 18.0));
        color = lerp(color, [0.0, 0.0, 0.0], 0.16 * soft(drop, 28.0));
        // The hanger sits behind the garment's top edge.
        if !matches!(self.garment, Garment::Skirt) {
            color = lerp(color, self.hanger, coverage(hanger_distance(p)));
        } else {
            color = lerp(color, self.hanger, coverage(clip_distance(p)));
        }
        let garment = self.garment_distance(p);
        if garment < 1.0 {
            color = lerp(color, self.cloth_at(p), coverage(garment));
        }
        color
    }

    fn cloth_at(&self, (x, y): (f32, f32)) -> Color {
        let mut cloth = self.cloth;
        let in_pattern = match self.pattern {
            Pattern::Plain => 0.0,
            Pattern::Stripes => {
                let phase = (y / 36.0).fract();
                coverage((phase - 0.5).abs() * 36.0 - 7.0)
            }
            Pattern::Dots => {
                let row = (y / 56.0).floor();
                let shift = if row as i32 % 2 == 0 { 0.0 } else { 28.0 };
                let cx = ((x + shift) / 56.0).floor() * 56.0 + 28.0 - shift;
                let cy = row * 56.0 + 28.0;
                coverage(circle((x, y), (cx, cy), 9.0))
            }
        };
        cloth = lerp(cloth, self.accent, in_pattern);
        // Details: a waist seam on the dress, a waistband on the skirt, a pocket on the hoodie.
        let detail = match self.garment {
            Garment::Dress => coverage(rounded_box((x, y), (400.0, 478.0), (104.0, 9.0), 4.0)),
            Garment::Skirt => coverage(rounded_box((x, y), (400.0, 318.0), (152.0, 26.0), 10.0)),
            Garment::Hoodie => coverage(
                rounded_box((x, y), (400.0, 700.0), (110.0, 62.0), 26.0).max(-rounded_box(
                    (x, y),
                    (400.0, 700.0),
                    (104.0, 56.0),
                    22.0,
                )),
            ),
            Garment::TShirt => coverage(circle((x, y), (400.0, 262.0), 74.0).max(-circle(
                (x, y),
                (400.0, 262.0),
                64.0,
            ))),
        };
        cloth = lerp(cloth, darken(self.cloth, 0.80), detail);
        if matches!(self.garment, Garment::Hoodie) {
            // The inside of the hood, and its drawstrings.
            let inside = rounded_box((x, y), (400.0, 300.0), (50.0, 66.0), 44.0);
            cloth = lerp(cloth, darken(self.cloth, 0.55), coverage(inside));
            let strings = capsule((x, y), (378.0, 372.0), (372.0, 470.0), 4.0).min(capsule(
                (x, y),
                (422.0, 372.0),
                (428.0, 470.0),
                4.0,
            ));
            cloth = lerp(cloth, self.accent, coverage(strings));
        }
        // Rounded shading: lighter in the middle, a little darker at the sides and the hem.
        let side = ((x - 400.0) / 320.0).clamp(-1.0, 1.0);
        let light = 1.06 - 0.16 * side * side - 0.06 * (y / DEMO_HEIGHT as f32);
        darken(cloth, light)
    }

    /// Signed distance to the garment's outline, in pixels (negative inside).
    fn garment_distance(&self, p: (f32, f32)) -> f32 {
        match self.garment {
            Garment::Dress => {
                let bodice = rounded_box(p, (400.0, 380.0), (96.0, 110.0), 26.0).max(-circle(
                    p,
                    (400.0, 262.0),
                    52.0,
                ));
                let skirt = trapezoid(p, (400.0, 670.0), 98.0, 255.0, 200.0);
                let straps = capsule(p, (330.0, 282.0), (348.0, 212.0), 11.0).min(capsule(
                    p,
                    (470.0, 282.0),
                    (452.0, 212.0),
                    11.0,
                ));
                smooth_union(bodice, skirt, 24.0).min(straps)
            }
            Garment::TShirt => {
                let body = rounded_box(p, (400.0, 560.0), (168.0, 290.0), 26.0).max(-circle(
                    p,
                    (400.0, 262.0),
                    64.0,
                ));
                let sleeves = capsule(p, (268.0, 330.0), (168.0, 470.0), 58.0).min(capsule(
                    p,
                    (532.0, 330.0),
                    (632.0, 470.0),
                    58.0,
                ));
                smooth_union(body, sleeves, 14.0).max(-circle(p, (400.0, 262.0), 64.0))
            }
            Garment::Skirt => {
                let waistband = rounded_box(p, (400.0, 318.0), (152.0, 26.0), 10.0);
                let skirt = trapezoid(p, (400.0, 590.0), 150.0, 300.0, 250.0);
                waistband.min(skirt)
            }
            Garment::Hoodie => {
                let body = rounded_box(p, (400.0, 570.0), (178.0, 290.0), 34.0);
                let sleeves = capsule(p, (262.0, 340.0), (150.0, 780.0), 52.0).min(capsule(
                    p,
                    (538.0, 340.0),
                    (650.0, 780.0),
                    52.0,
                ));
                let hood = circle(p, (400.0, 292.0), 100.0);
                smooth_union(smooth_union(body, sleeves, 18.0), hood, 30.0)
            }
        }
    }
}

fn hanger_distance(p: (f32, f32)) -> f32 {
    let arms = capsule(p, (400.0, 196.0), (236.0, 290.0), 5.0)
        .min(capsule(p, (400.0, 196.0), (564.0, 290.0), 5.0))
        .min(capsule(p, (236.0, 290.0), (564.0, 290.0), 5.0));
    let stem = capsule(p, (400.0, 196.0), (400.0, 168.0), 5.0);
    // The hook: a ring open towards the lower left.
    let ring = circle(p, (400.0, 140.0), 28.0).abs() - 5.0;
    let hook = if p.0 < 400.0 && p.1 > 140.0 {
        f32::MAX
    } else {
        ring
    };
    arms.min(stem).min(hook)
}

fn clip_distance(p: (f32, f32)) -> f32 {
    let bar = capsule(p, (250.0, 230.0), (550.0, 230.0), 5.0);
    let clips = rounded_box(p, (272.0, 268.0), (12.0, 30.0), 4.0).min(rounded_box(
        p,
        (528.0, 268.0),
        (12.0, 30.0),
        4.0,
    ));
    let stem = capsule(p, (400.0, 230.0), (400.0, 168.0), 5.0);
    let ring = circle(p, (400.0, 140.0), 28.0).abs() - 5.0;
    let hook = if p.0 < 400.0 && p.1 > 140.0 {
        f32::MAX
    } else {
        ring
    };
    bar.min(clips).min(stem).min(hook)
}

fn circle((x, y): (f32, f32), (cx, cy): (f32, f32), r: f32) -> f32 {
    (x - cx).hypot(y - cy) - r
}

fn ellipse_distance((x, y): (f32, f32), (cx, cy): (f32, f32), (rx, ry): (f32, f32)) -> f32 {
    // Not exact, but smooth and good enough for a blurred shadow.
    let (dx, dy) = ((x - cx) / rx, (y - cy) / ry);
    (dx.hypot(dy) - 1.0) * rx.min(ry)
}

fn rounded_box((x, y): (f32, f32), (cx, cy): (f32, f32), (hx, hy): (f32, f32), r: f32) -> f32 {
    let qx = (x - cx).abs() - hx + r;
    let qy = (y - cy).abs() - hy + r;
    qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0) - r
}

fn capsule((x, y): (f32, f32), (ax, ay): (f32, f32), (bx, by): (f32, f32), r: f32) -> f32 {
    let (pax, pay) = (x - ax, y - ay);
    let (bax, bay) = (bx - ax, by - ay);
    let h = ((pax * bax + pay * bay) / (bax * bax + bay * bay)).clamp(0.0, 1.0);
    (pax - bax * h).hypot(pay - bay * h) - r
}

/// A symmetric trapezoid centred at `c`: `top` and `bottom` are half widths, `half_height`
/// half its height (image coordinates, y down).
fn trapezoid(
    (x, y): (f32, f32),
    (cx, cy): (f32, f32),
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

fn smooth_union(a: f32, b: f32, k: f32) -> f32 {
    let h = (0.5 + 0.5 * (b - a) / k).clamp(0.0, 1.0);
    b + (a - b) * h - k * h * (1.0 - h)
}

/// Anti-aliased coverage of a shape from its signed distance.
fn coverage(distance: f32) -> f32 {
    (0.5 - distance).clamp(0.0, 1.0)
}

/// A blurred coverage: 1 well inside, fading to 0 over `blur` pixels around the edge.
fn soft(distance: f32, blur: f32) -> f32 {
    let t = (0.5 - distance / (2.0 * blur)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn lerp(a: Color, b: Color, t: f32) -> Color {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

fn darken(c: Color, factor: f32) -> Color {
    [c[0] * factor, c[1] * factor, c[2] * factor]
}

fn hsl(hue: f32, saturation: f32, lightness: f32) -> Color {
    let h = hue.rem_euclid(360.0) / 60.0;
    let chroma = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let x = chroma * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (chroma, x, 0.0),
        1 => (x, chroma, 0.0),
        2 => (0.0, chroma, x),
        3 => (0.0, x, chroma),
        4 => (x, 0.0, chroma),
        _ => (chroma, 0.0, x),
    };
    let m = lightness - chroma / 2.0;
    [r + m, g + m, b + m]
}

fn to_byte(channel: f32) -> u8 {
    (channel.clamp(0.0, 1.0) * 255.0).round() as u8
}

/// A cheap integer hash, so neighbouring seeds look different.
fn mix(seed: u32) -> u32 {
    let mut x = seed.wrapping_mul(0x9E37_79B9) ^ 0x85EB_CA6B;
    x ^= x >> 16;
    x = x.wrapping_mul(0x7FEB_352D);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846C_A68B);
    x ^ (x >> 16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prepare::{prepare, MAX_UPLOAD_BYTES};

    fn decode(png: &[u8]) -> RgbImage {
        assert_eq!(image::guess_format(png).unwrap(), image::ImageFormat::Png);
        image::load_from_memory(png).unwrap().to_rgb8()
    }

    #[test]
    fn demo_pictures_are_distinct_repeatable_800_by_1000_pngs_that_uploads_accept() {
        let pictures: Vec<Vec<u8>> = (0..4).map(|seed| demo_picture(seed, None)).collect();
        for (seed, png) in pictures.iter().enumerate() {
            assert!(png.len() < MAX_UPLOAD_BYTES);
            let picture = decode(png);
            assert_eq!(picture.dimensions(), (DEMO_WIDTH, DEMO_HEIGHT));
            // A light backdrop in the corner, and a garment of another colour in the middle.
            let corner = picture.get_pixel(5, 5).0;
            let middle = picture.get_pixel(400, 600).0;
            assert!(corner.iter().all(|&c| c > 170), "{corner:?}");
            let difference: i32 = corner
                .iter()
                .zip(middle.iter())
                .map(|(&a, &b)| (i32::from(a) - i32::from(b)).abs())
                .sum();
            assert!(difference > 60, "seed {seed}: {corner:?} vs {middle:?}");
        }
        for (i, a) in pictures.iter().enumerate() {
            for b in &pictures[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(demo_picture(2, None), pictures[2]);
        assert!(prepare(&pictures[0]).is_ok());
    }

    #[test]
    fn the_hue_sets_the_garment_colour() {
        let red = decode(&demo_picture(1, Some(0))).get_pixel(400, 600).0;
        let blue = decode(&demo_picture(1, Some(230))).get_pixel(400, 600).0;
        assert!(red[0] > red[2] + 40, "{red:?}");
        assert!(blue[2] > blue[0] + 40, "{blue:?}");
    }
}
