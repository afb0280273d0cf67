//! Demo pictures drawn locally, so a fresh shop has a catalogue with images and no network:
//! the garment a product's name names ([`Garment::of_name`]), in the product's colour.

mod kind;
mod palette;
mod sdf;
mod shapes;

pub use kind::Garment;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder as _, Rgb, RgbImage};
use kind::Hang;
use palette::{darken, hsl, lerp, to_byte, Color, Hsl};
use sdf::{circle, coverage, ellipse, soft, Point};

pub const DEMO_WIDTH: u32 = 800;
pub const DEMO_HEIGHT: u32 = 1000;

/// A pleasant 800 × 1000 PNG of `garment` over a soft pastel backdrop: clothes on a hanger,
/// bags, shoes and hats as they are, jewellery on a stand.
///
/// `colour` is a colour name ('Navy', 'Sky Blue'; see the palette), else the colour is
/// derived from `seed`; `seed` also picks the print (plain, stripes, dots) and small
/// variations. The same arguments always give the same bytes.
pub fn demo_picture(garment: Garment, colour: Option<&str>, seed: u32) -> Vec<u8> {
    let scene = Scene::new(garment, colour.and_then(Hsl::named), seed);
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

#[derive(Debug, Clone, Copy)]
enum Pattern {
    Plain,
    Stripes,
    Dots,
}

/// The offset of the garment's drop shadow, and how far its blur reaches.
const SHADOW_OFFSET: Point = (14.0, 18.0);
const SHADOW_BLUR: f32 = 28.0;
/// Beyond this distance from the garment no drop shadow shows: the offset's length plus the
/// blur, and a margin.
const SHADOW_REACH: f32 = 23.0 + SHADOW_BLUR + 4.0;

/// A box `(left, top, right, bottom)`.
type Bounds = (f32, f32, f32, f32);

fn contains((left, top, right, bottom): Bounds, (x, y): Point) -> bool {
    (left..=right).contains(&x) && (top..=bottom).contains(&y)
}

/// Where the hangers are drawn.
const HANGER_BOUNDS: Bounds = (220.0, 100.0, 580.0, 305.0);

struct Scene {
    garment: Garment,
    pattern: Pattern,
    /// Where the garment and its shadow may show: outside, the backdrop alone is drawn.
    bounds: Bounds,
    /// Horizontal offset of the backdrop circle.
    blob_x: f32,
    background_top: Color,
    background_bottom: Color,
    blob: Color,
    cloth: Color,
    accent: Color,
    hanger: Color,
    /// The stand jewellery is shown on.
    stand: Color,
}

impl Scene {
    fn new(garment: Garment, colour: Option<Hsl>, seed: u32) -> Self {
        let mixed = mix(seed);
        let colour = colour.unwrap_or(Hsl {
            hue: (mixed % 360) as f32,
            saturation: 0.42,
            lightness: 0.52 + ((mixed >> 17) % 10) as f32 / 100.0,
        });
        let pattern = match (garment.takes_patterns(), (seed / 4) % 3) {
            (false, _) | (_, 0) => Pattern::Plain,
            (_, 1) => Pattern::Stripes,
            _ => Pattern::Dots,
        };
        // A grey or black garment takes its backdrop's hue from the seed.
        let backdrop_hue = if colour.saturation < 0.15 {
            (mixed % 360) as f32
        } else {
            colour.hue
        } + 25.0
            + ((mixed >> 9) % 30) as f32;
        // Pale garments get a deeper backdrop, so they stand out from it.
        let depth = if colour.lightness > 0.75 { 0.12 } else { 0.0 };
        let light = colour.lightness;
        let accent = if garment == Garment::Abaya && light < 0.45 {
            // A dark abaya's embroidery is gold.
            Hsl {
                hue: 43.0,
                saturation: 0.65,
                lightness: 0.55,
            }
        } else if light < 0.6 {
            Hsl {
                lightness: light + 0.22,
                ..colour
            }
        } else {
            Hsl {
                lightness: light - 0.25,
                ..colour
            }
        };
        let mut scene = Self {
            garment,
            pattern,
            bounds: (0.0, 0.0, DEMO_WIDTH as f32, DEMO_HEIGHT as f32),
            blob_x: 330.0 + ((mixed >> 5) % 140) as f32,
            background_top: hsl(backdrop_hue, 0.40, 0.95 - depth),
            background_bottom: hsl(backdrop_hue, 0.30, 0.84 - depth),
            blob: hsl(backdrop_hue - 10.0, 0.45, 0.89 - depth),
            cloth: colour.rgb(),
            accent: accent.rgb(),
            hanger: hsl(30.0, 0.25, 0.32),
            stand: hsl(backdrop_hue + 180.0, 0.12, 0.26),
        };
        scene.bounds = scene.garment_bounds();
        scene
    }

    /// The box holding every pixel within `SHADOW_REACH` of the garment, found on a coarse
    /// grid (a hundredth of the pixels).
    fn garment_bounds(&self) -> Bounds {
        const STEP: f32 = 8.0;
        let mut bounds = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        let mut y = 0.0;
        while y <= DEMO_HEIGHT as f32 {
            let mut x = 0.0;
            while x <= DEMO_WIDTH as f32 {
                // Within a cell's half diagonal of the outline: the cell may hold some of it.
                if shapes::garment(self.garment, (x, y)) < STEP {
                    bounds = (
                        bounds.0.min(x),
                        bounds.1.min(y),
                        bounds.2.max(x),
                        bounds.3.max(y),
                    );
                }
                x += STEP;
            }
            y += STEP;
        }
        let pad = SHADOW_REACH + STEP;
        (
            bounds.0 - pad,
            bounds.1 - pad,
            bounds.2 + pad,
            bounds.3 + pad,
        )
    }

    fn shade(&self, x: f32, y: f32) -> Color {
        let p = (x, y);
        let t = y / DEMO_HEIGHT as f32;
        let mut color = lerp(self.background_top, self.background_bottom, t);
        // A soft circle behind the garment, and a floor shadow under it.
        let blob = circle(p, (self.blob_x, 460.0), 330.0);
        color = lerp(color, self.blob, 0.8 * soft(blob, 40.0));
        if (855.0..975.0).contains(&y) {
            let floor = ellipse(p, (400.0, 915.0), (260.0, 26.0));
            color = lerp(color, [0.0, 0.0, 0.0], 0.10 * soft(floor, 30.0));
        }
        if self.garment == Garment::Jewellery {
            let stand = shapes::stand(p);
            if stand < SHADOW_REACH {
                let drop = shapes::stand((x - SHADOW_OFFSET.0, y - SHADOW_OFFSET.1));
                color = lerp(color, [0.0, 0.0, 0.0], 0.16 * soft(drop, SHADOW_BLUR));
                let velvet = darken(self.stand, 1.1 - 0.25 * ((x - 400.0) / 230.0).powi(2));
                color = lerp(color, velvet, coverage(stand));
            }
        }
        let in_bounds = contains(self.bounds, p);
        let garment = if in_bounds {
            shapes::garment(self.garment, p)
        } else {
            f32::MAX
        };
        // Where the garment covers everything, nothing behind it needs drawing.
        if garment > -0.5 {
            if garment < SHADOW_REACH {
                let drop =
                    shapes::garment(self.garment, (x - SHADOW_OFFSET.0, y - SHADOW_OFFSET.1));
                color = lerp(color, [0.0, 0.0, 0.0], 0.16 * soft(drop, SHADOW_BLUR));
            }
            if contains(HANGER_BOUNDS, p) {
                let hanger = match self.garment.hang() {
                    Hang::Hanger => shapes::hanger(p),
                    Hang::Clips => shapes::clip_hanger(p),
                    Hang::Nothing => f32::MAX,
                };
                color = lerp(color, self.hanger, coverage(hanger));
            }
        }
        if garment < 1.0 {
            color = lerp(color, self.cloth_at(p), coverage(garment));
        }
        color
    }

    fn cloth_at(&self, (x, y): Point) -> Color {
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
        let details = shapes::details(self.garment, (x, y));
        cloth = lerp(cloth, darken(self.cloth, 0.80), details.seam);
        cloth = lerp(cloth, darken(self.cloth, 0.55), details.inside);
        cloth = lerp(cloth, self.accent, details.trim);
        // Rounded shading: lighter in the middle, a little darker at the sides and the hem.
        let side = ((x - 400.0) / 320.0).clamp(-1.0, 1.0);
        let light = 1.06 - 0.16 * side * side - 0.06 * (y / DEMO_HEIGHT as f32);
        darken(cloth, light)
    }
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

    fn distance(a: [u8; 3], b: [u8; 3]) -> i32 {
        a.iter()
            .zip(b.iter())
            .map(|(&a, &b)| (i32::from(a) - i32::from(b)).abs())
            .sum()
    }

    #[test]
    fn demo_pictures_are_distinct_repeatable_800_by_1000_pngs_that_uploads_accept() {
        let pictures: Vec<Vec<u8>> = Garment::ALL
            .iter()
            .enumerate()
            .map(|(seed, &garment)| demo_picture(garment, None, seed as u32))
            .collect();
        for (png, garment) in pictures.iter().zip(Garment::ALL) {
            assert!(png.len() < MAX_UPLOAD_BYTES);
            let picture = decode(png);
            assert_eq!(picture.dimensions(), (DEMO_WIDTH, DEMO_HEIGHT));
            // A light backdrop in the corner.
            let corner = picture.get_pixel(5, 5).0;
            assert!(corner.iter().all(|&c| c > 170), "{garment:?}: {corner:?}");
            // Something of another colour in the middle.
            let differs = (300..700)
                .step_by(20)
                .filter(|&y| distance(corner, picture.get_pixel(400, y).0) > 60)
                .count();
            assert!(differs > 3, "{garment:?}");
        }
        for (i, a) in pictures.iter().enumerate() {
            for b in &pictures[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(demo_picture(Garment::Skirt, None, 2), pictures[2]);
        assert!(prepare(&pictures[0]).is_ok());
    }

    #[test]
    fn the_colour_name_sets_the_garment_colour() {
        let at_middle = |colour| {
            decode(&demo_picture(Garment::TShirt, Some(colour), 1))
                .get_pixel(400, 600)
                .0
        };
        let red = at_middle("Red");
        let blue = at_middle("Sky Blue");
        let black = at_middle("black");
        assert!(red[0] > red[2] + 40, "{red:?}");
        assert!(blue[2] > blue[0] + 40, "{blue:?}");
        assert!(black.iter().all(|&c| c < 60), "{black:?}");
        // An unknown name: a colour from the seed, as without one.
        assert_eq!(
            demo_picture(Garment::TShirt, Some("Moonbeam"), 1),
            demo_picture(Garment::TShirt, None, 1)
        );
    }

    /// Where a navy garment shows on its picture: its highest and lowest rows, and how many
    /// of its pixels (one in a hundred, on a grid) lie between y = 400 and 600.
    fn silhouette(garment: Garment) -> (u32, u32, usize) {
        let picture = decode(&demo_picture(garment, Some("Navy"), 0));
        let corner = picture.get_pixel(5, 5).0;
        let (mut highest, mut lowest, mut middle) = (u32::MAX, 0, 0);
        for (x, y, pixel) in picture.enumerate_pixels() {
            if x % 10 == 0 && y % 10 == 0 && distance(corner, pixel.0) > 150 {
                highest = highest.min(y);
                lowest = lowest.max(y);
                middle += usize::from((400..600).contains(&y));
            }
        }
        (highest, lowest, middle)
    }

    #[test]
    fn each_garment_has_its_own_silhouette() {
        let (_, dress_hem, dress_middle) = silhouette(Garment::Dress);
        let (_, abaya_hem, abaya_middle) = silhouette(Garment::Abaya);
        let (_, top_hem, _) = silhouette(Garment::Top);
        let (_, skirt_hem, _) = silhouette(Garment::Skirt);
        let (hat_crown, hat_brim, _) = silhouette(Garment::Hat);
        let (shoes_top, _, _) = silhouette(Garment::Shoes);
        // Long garments reach down to the floor; a top stops at the hips, a skirt between.
        assert!(
            dress_hem > 850 && abaya_hem > 850,
            "{dress_hem} {abaya_hem}"
        );
        assert!(top_hem < 730, "{top_hem}");
        assert!((780..850).contains(&skirt_hem), "{skirt_hem}");
        // The abaya's long sleeves cover more at arm height than the dress's bare arms.
        assert!(
            abaya_middle > dress_middle + 20,
            "{abaya_middle} {dress_middle}"
        );
        // A hat floats in the middle; shoes stand low.
        assert!(hat_crown > 380 && hat_brim < 700, "{hat_crown} {hat_brim}");
        assert!(shoes_top > 550, "{shoes_top}");
    }
}
