//! The outline and the sewn details of each garment, in an 800 × 1000 picture with the
//! garment centred on x = 400, and the hangers and the stand they hang on.

use super::kind::Garment;
use super::sdf::{
    capsule, capsule_pair, circle, ellipse, outline, rounded_box, smooth_union, trapezoid, Point,
};
use std::f32::consts::PI;

/// Signed distance to the garment's outline, in pixels (negative inside).
pub(super) fn garment(kind: Garment, p: Point) -> f32 {
    match kind {
        Garment::Dress => {
            let bodice = rounded_box(p, (400.0, 380.0), (96.0, 110.0), 26.0).max(-circle(
                p,
                (400.0, 262.0),
                52.0,
            ));
            let skirt = trapezoid(p, (400.0, 670.0), 98.0, 255.0, 200.0);
            let straps = capsule_pair(p, (330.0, 282.0), (348.0, 212.0), 11.0);
            smooth_union(bodice, skirt, 24.0).min(straps)
        }
        Garment::Abaya => {
            let body = trapezoid(p, (400.0, 585.0), 118.0, 220.0, 305.0);
            let shoulders = rounded_box(p, (400.0, 318.0), (130.0, 48.0), 36.0);
            let sleeves = capsule_pair(p, (292.0, 318.0), (196.0, 660.0), 48.0);
            smooth_union(smooth_union(body, shoulders, 20.0), sleeves, 14.0).max(-circle(
                p,
                (400.0, 258.0),
                50.0,
            ))
        }
        Garment::Skirt => {
            let waistband = rounded_box(p, (400.0, 318.0), (152.0, 26.0), 10.0);
            let skirt = trapezoid(p, (400.0, 590.0), 150.0, 300.0, 250.0);
            waistband.min(skirt)
        }
        Garment::Top => {
            let body = rounded_box(p, (400.0, 500.0), (150.0, 215.0), 30.0);
            let sleeves = capsule_pair(p, (276.0, 322.0), (214.0, 668.0), 42.0);
            smooth_union(body, sleeves, 14.0)
                .max(-circle(p, (400.0, 262.0), 50.0))
                .max(-v_neck(p, 300.0, 352.0))
        }
        Garment::TShirt => {
            let body = rounded_box(p, (400.0, 560.0), (168.0, 290.0), 26.0);
            let sleeves = capsule_pair(p, (268.0, 330.0), (168.0, 470.0), 58.0);
            smooth_union(body, sleeves, 14.0).max(-circle(p, (400.0, 262.0), 64.0))
        }
        Garment::Trousers => {
            let waistband = rounded_box(p, (400.0, 318.0), (140.0, 24.0), 8.0);
            let hips = rounded_box(p, (400.0, 400.0), (140.0, 80.0), 20.0);
            let legs = trapezoid(p, (322.0, 640.0), 68.0, 74.0, 260.0).min(trapezoid(
                p,
                (478.0, 640.0),
                68.0,
                74.0,
                260.0,
            ));
            waistband.min(smooth_union(hips, legs, 10.0))
        }
        Garment::Shorts => {
            let waistband = rounded_box(p, (400.0, 318.0), (140.0, 24.0), 8.0);
            let hips = rounded_box(p, (400.0, 400.0), (140.0, 80.0), 20.0);
            let legs = trapezoid(p, (320.0, 530.0), 72.0, 86.0, 150.0).min(trapezoid(
                p,
                (480.0, 530.0),
                72.0,
                86.0,
                150.0,
            ));
            waistband.min(smooth_union(hips, legs, 10.0))
        }
        Garment::Hoodie => {
            let body = rounded_box(p, (400.0, 570.0), (178.0, 290.0), 34.0);
            let sleeves = capsule_pair(p, (262.0, 340.0), (150.0, 780.0), 52.0);
            let hood = circle(p, (400.0, 292.0), 100.0);
            smooth_union(smooth_union(body, sleeves, 18.0), hood, 30.0)
        }
        Garment::Jacket => {
            let body = rounded_box(p, (400.0, 545.0), (168.0, 258.0), 26.0);
            let sleeves = capsule_pair(p, (266.0, 332.0), (190.0, 740.0), 50.0);
            let collar = capsule_pair(p, (350.0, 262.0), (380.0, 330.0), 20.0);
            smooth_union(body, sleeves, 14.0)
                .max(-circle(p, (400.0, 258.0), 56.0))
                .min(collar)
        }
        Garment::Scarf => {
            let body = trapezoid(p, (400.0, 555.0), 150.0, 162.0, 265.0);
            body.min(fringe(p, 250.0, 550.0, 820.0, 870.0))
        }
        Garment::Bag => {
            let body = trapezoid(p, (400.0, 715.0), 200.0, 168.0, 165.0);
            let handles = outline(circle(p, (318.0, 550.0), 78.0), 10.0)
                .min(outline(circle(p, (482.0, 550.0), 78.0), 10.0))
                .max(p.1 - 552.0);
            body.min(handles)
        }
        Garment::Jewellery => necklace(p),
        Garment::Shoes => shoe(p, LEFT_SHOE).min(shoe(p, RIGHT_SHOE)),
        Garment::Hat => {
            let brim = ellipse(p, (400.0, 600.0), (300.0, 72.0));
            let crown = rounded_box(p, (400.0, 520.0), (138.0, 110.0), 84.0).max(p.1 - 600.0);
            smooth_union(brim, crown, 12.0)
        }
    }
}

/// What is sewn on or shows inside a garment, as coverages from 0 to 1.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Details {
    /// Seams, waistbands, plackets: a little darker.
    pub seam: f32,
    /// The inside of a hood or a shoe: much darker.
    pub inside: f32,
    /// Buttons, trims, embroidery, soles, the pendant: the accent colour.
    pub trim: f32,
}

pub(super) fn details(kind: Garment, p: Point) -> Details {
    let c = super::sdf::coverage;
    match kind {
        Garment::Dress => Details {
            seam: c(rounded_box(p, (400.0, 478.0), (104.0, 9.0), 4.0)),
            ..Details::default()
        },
        Garment::Abaya => {
            let front = rounded_box(p, (400.0, 596.0), (9.0, 288.0), 4.0);
            let cuffs = cuff(p, (292.0, 318.0), (196.0, 660.0), 48.0, 34.0);
            let neck = outline(circle(p, (400.0, 258.0), 58.0), 6.0).max(p.1 - 330.0);
            Details {
                trim: c(front.min(cuffs).min(neck)),
                ..Details::default()
            }
        }
        Garment::Skirt => Details {
            seam: c(rounded_box(p, (400.0, 318.0), (152.0, 26.0), 10.0)),
            ..Details::default()
        },
        Garment::Top => Details {
            seam: c(rounded_box(p, (400.0, 530.0), (4.0, 180.0), 2.0).min(cuff(
                p,
                (276.0, 322.0),
                (214.0, 668.0),
                42.0,
                26.0,
            ))),
            trim: c(buttons(p, 400.0, 380.0, 62.0, 5, 8.0)),
            ..Details::default()
        },
        Garment::TShirt => Details {
            seam: c(outline(circle(p, (400.0, 262.0), 69.0), 5.0)),
            ..Details::default()
        },
        Garment::Trousers => Details {
            seam: c(rounded_box(p, (400.0, 318.0), (140.0, 24.0), 8.0))
                .max(c(rounded_box(p, (322.0, 690.0), (2.0, 210.0), 1.0)))
                .max(c(rounded_box(p, (478.0, 690.0), (2.0, 210.0), 1.0)))
                .max(c(capsule(p, (400.0, 350.0), (400.0, 440.0), 2.5))),
            ..Details::default()
        },
        Garment::Shorts => Details {
            seam: c(rounded_box(p, (400.0, 318.0), (140.0, 24.0), 8.0))
                .max(c(outline(
                    rounded_box(p, (292.0, 560.0), (38.0, 44.0), 8.0),
                    3.0,
                )))
                .max(c(outline(
                    rounded_box(p, (508.0, 560.0), (38.0, 44.0), 8.0),
                    3.0,
                ))),
            ..Details::default()
        },
        Garment::Hoodie => Details {
            seam: c(outline(
                rounded_box(p, (400.0, 700.0), (107.0, 59.0), 24.0),
                3.0,
            )),
            inside: c(rounded_box(p, (400.0, 300.0), (50.0, 66.0), 44.0)),
            trim: c(capsule(p, (378.0, 372.0), (372.0, 470.0), 4.0).min(capsule(
                p,
                (422.0, 372.0),
                (428.0, 470.0),
                4.0,
            ))),
        },
        Garment::Jacket => Details {
            seam: c(rounded_box(p, (400.0, 560.0), (3.0, 243.0), 1.0))
                .max(c(outline(
                    rounded_box(p, (318.0, 690.0), (46.0, 36.0), 8.0),
                    3.0,
                )))
                .max(c(outline(
                    rounded_box(p, (482.0, 690.0), (46.0, 36.0), 8.0),
                    3.0,
                ))),
            trim: c(buttons(p, 418.0, 400.0, 80.0, 5, 9.0)),
            ..Details::default()
        },
        Garment::Scarf => Details {
            seam: c(rounded_box(p, (400.0, 312.0), (152.0, 20.0), 6.0)),
            ..Details::default()
        },
        Garment::Bag => Details {
            seam: c(rounded_box(p, (400.0, 580.0), (198.0, 24.0), 6.0)),
            trim: c(rounded_box(p, (400.0, 610.0), (26.0, 20.0), 6.0)),
            ..Details::default()
        },
        Garment::Jewellery => Details {
            trim: c(circle(p, (400.0, 598.0), 30.0)),
            ..Details::default()
        },
        Garment::Shoes => {
            let part = |part: fn(Point) -> f32| {
                scaled(p, LEFT_SHOE, SHOE_SCALE, part).min(scaled(p, RIGHT_SHOE, SHOE_SCALE, part))
            };
            Details {
                inside: c(part(|q| ellipse(q, (-40.0, -72.0), (84.0, 18.0)))),
                trim: c(part(|q| rounded_box(q, (0.0, 12.0), (158.0, 9.0), 8.0))),
                ..Details::default()
            }
        }
        Garment::Hat => Details {
            seam: c(rounded_box(p, (400.0, 572.0), (140.0, 18.0), 4.0).max(p.1 - 590.0)),
            ..Details::default()
        },
    }
}

/// The cuffs of the sleeves `capsule_pair(a, b, r)`: their last `width` pixels.
fn cuff(p: Point, a: Point, b: Point, r: f32, width: f32) -> f32 {
    let one = |p: Point| {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = (dx * dx + dy * dy).sqrt();
        let along = ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length;
        let end = length + r;
        capsule(p, a, b, r).max(end - width - along)
    };
    one(p).min(one((800.0 - p.0, p.1)))
}

/// A V cut into a neckline, from `top` down to its point at `bottom`.
fn v_neck((x, y): Point, top: f32, bottom: f32) -> f32 {
    let slope = 0.6;
    // Below the two sides of the V, and above `top - 60` (the neckline's own cut does the rest).
    let sides = ((y - bottom) + (x - 400.0).abs() / slope) * slope / (1.0 + slope * slope).sqrt();
    sides.max(top - 60.0 - y)
}

/// `count` round buttons down a placket at `x`, the first at `first`, `gap` apart.
fn buttons((x, y): Point, at_x: f32, first: f32, gap: f32, count: u32, r: f32) -> f32 {
    let index = ((y - first) / gap).round().clamp(0.0, (count - 1) as f32);
    circle((x, y), (at_x, first + index * gap), r)
}

/// The fringe of a scarf: threads 18 px apart between `left` and `right`, from `top` down to
/// `bottom`.
fn fringe((x, y): Point, left: f32, right: f32, top: f32, bottom: f32) -> f32 {
    let along = (x - left).clamp(0.0, right - left);
    let nearest = left + (along / 18.0).round() * 18.0;
    capsule((x, y), (nearest, top), (nearest, bottom), 3.5)
}

/// Where the pair stands, one behind the other (their soles' middles), and how much larger
/// than `shoe_at_origin`.
const LEFT_SHOE: Point = (318.0, 690.0);
const RIGHT_SHOE: Point = (482.0, 878.0);
const SHOE_SCALE: f32 = 1.45;

fn shoe(p: Point, at: Point) -> f32 {
    scaled(p, at, SHOE_SCALE, shoe_at_origin)
}

/// `shape` (drawn around the origin) moved to `at` and made `scale` times larger.
fn scaled(p: Point, at: Point, scale: f32, shape: fn(Point) -> f32) -> f32 {
    shape(((p.0 - at.0) / scale, (p.1 - at.1) / scale)) * scale
}

/// One shoe seen from the side, toe to the right, its sole's middle at the origin.
fn shoe_at_origin(p: Point) -> f32 {
    let sole = rounded_box(p, (0.0, 12.0), (158.0, 9.0), 8.0);
    let upper = capsule(p, (-96.0, -44.0), (104.0, -22.0), 34.0);
    let heel = rounded_box(p, (-118.0, -38.0), (40.0, 48.0), 22.0);
    smooth_union(upper, heel, 30.0).max(p.1 - 12.0).min(sole)
}

/// The necklace's beads lie on the lower half of this ellipse.
const NECKLACE_CENTRE: Point = (400.0, 330.0);
const NECKLACE_RADII: (f32, f32) = (118.0, 212.0);
const BEADS: u32 = 21;

/// A necklace of beads with a round pendant at the bottom.
fn necklace(p: Point) -> f32 {
    let (dx, dy) = (
        (p.0 - NECKLACE_CENTRE.0) / NECKLACE_RADII.0,
        (p.1 - NECKLACE_CENTRE.1) / NECKLACE_RADII.1,
    );
    // The angle along the lower half, 0 at the right end, PI at the left.
    let angle = dy.atan2(dx);
    let angle = if angle < 0.0 {
        if dx > 0.0 {
            0.0
        } else {
            PI
        }
    } else {
        angle
    };
    let step = PI / (BEADS - 1) as f32;
    let nearest = (angle / step).round() as i32;
    let bead = (nearest - 1..=nearest + 1)
        .filter(|k| (0..BEADS as i32).contains(k))
        .map(|k| {
            let a = k as f32 * step;
            let centre = (
                NECKLACE_CENTRE.0 + NECKLACE_RADII.0 * a.cos(),
                NECKLACE_CENTRE.1 + NECKLACE_RADII.1 * a.sin(),
            );
            circle(p, centre, 12.0)
        })
        .fold(f32::MAX, f32::min);
    let chain =
        outline(ellipse(p, NECKLACE_CENTRE, NECKLACE_RADII), 2.0).max(NECKLACE_CENTRE.1 - p.1);
    let pendant = circle(p, (400.0, 598.0), 30.0).min(circle(p, (400.0, 560.0), 9.0));
    bead.min(chain).min(pendant)
}

/// The velvet neck stand a necklace is shown on.
pub(super) fn stand(p: Point) -> f32 {
    let neck = rounded_box(p, (400.0, 300.0), (62.0, 130.0), 40.0);
    let shoulders = rounded_box(p, (400.0, 560.0), (215.0, 160.0), 110.0);
    let post = rounded_box(p, (400.0, 790.0), (26.0, 90.0), 8.0);
    let foot = rounded_box(p, (400.0, 890.0), (120.0, 16.0), 10.0);
    smooth_union(neck, shoulders, 50.0).min(post).min(foot)
}

/// A wooden coat hanger with its hook.
pub(super) fn hanger(p: Point) -> f32 {
    let arms = capsule_pair(p, (400.0, 196.0), (236.0, 290.0), 5.0).min(capsule(
        p,
        (236.0, 290.0),
        (564.0, 290.0),
        5.0,
    ));
    let stem = capsule(p, (400.0, 196.0), (400.0, 168.0), 5.0);
    arms.min(stem).min(hook(p))
}

/// A hanger with a bar and two clips, for skirts and trousers.
pub(super) fn clip_hanger(p: Point) -> f32 {
    let bar = capsule(p, (250.0, 230.0), (550.0, 230.0), 5.0);
    let clips = rounded_box(p, (272.0, 268.0), (12.0, 30.0), 4.0).min(rounded_box(
        p,
        (528.0, 268.0),
        (12.0, 30.0),
        4.0,
    ));
    let stem = capsule(p, (400.0, 230.0), (400.0, 168.0), 5.0);
    bar.min(clips).min(stem).min(hook(p))
}

/// A ring open towards the lower left.
fn hook(p: Point) -> f32 {
    if p.0 < 400.0 && p.1 > 140.0 {
        f32::MAX
    } else {
        outline(circle(p, (400.0, 140.0), 28.0), 5.0)
    }
}
