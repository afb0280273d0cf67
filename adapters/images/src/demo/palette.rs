//! Colours: the colour names products use, and the small colour arithmetic of the drawing.

pub(super) type Color = [f32; 3];

/// A colour as hue (degrees), saturation and lightness.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Hsl {
    pub hue: f32,
    pub saturation: f32,
    pub lightness: f32,
}

/// The colour names of the demo catalogue and the seeded shop (and a few more), as drawn.
const NAMED: &[(&str, f32, f32, f32)] = &[
    ("black", 220.0, 0.06, 0.14),
    ("charcoal", 210.0, 0.08, 0.28),
    ("grey", 210.0, 0.06, 0.56),
    ("gray", 210.0, 0.06, 0.56),
    ("silver", 210.0, 0.08, 0.74),
    ("white", 40.0, 0.20, 0.94),
    ("ivory", 45.0, 0.50, 0.88),
    ("cream", 42.0, 0.55, 0.85),
    ("sand", 36.0, 0.42, 0.72),
    ("beige", 35.0, 0.35, 0.76),
    ("oat", 38.0, 0.30, 0.78),
    ("tan", 30.0, 0.45, 0.56),
    ("camel", 32.0, 0.50, 0.52),
    ("brown", 25.0, 0.45, 0.32),
    ("khaki", 55.0, 0.25, 0.56),
    ("olive", 70.0, 0.35, 0.40),
    ("green", 130.0, 0.45, 0.42),
    ("emerald", 150.0, 0.60, 0.36),
    ("mint", 150.0, 0.45, 0.76),
    ("teal", 180.0, 0.55, 0.36),
    ("turquoise", 175.0, 0.60, 0.50),
    ("sky blue", 200.0, 0.65, 0.68),
    ("blue", 215.0, 0.60, 0.50),
    ("denim", 212.0, 0.40, 0.45),
    ("indigo", 235.0, 0.45, 0.32),
    ("navy", 225.0, 0.50, 0.24),
    ("lilac", 275.0, 0.40, 0.74),
    ("lavender", 260.0, 0.45, 0.78),
    ("purple", 280.0, 0.45, 0.42),
    ("plum", 300.0, 0.35, 0.33),
    ("pink", 340.0, 0.65, 0.76),
    ("rose", 345.0, 0.50, 0.62),
    ("coral", 10.0, 0.70, 0.64),
    ("red", 0.0, 0.65, 0.47),
    ("burgundy", 345.0, 0.55, 0.28),
    ("maroon", 350.0, 0.50, 0.25),
    ("orange", 25.0, 0.80, 0.55),
    ("saffron", 40.0, 0.85, 0.55),
    ("mustard", 45.0, 0.65, 0.48),
    ("yellow", 50.0, 0.85, 0.60),
    ("gold", 43.0, 0.70, 0.52),
    ("amber", 35.0, 0.80, 0.50),
];

impl Hsl {
    /// The colour a name names ('Sky Blue', 'navy'), when it is one of the known names.
    pub fn named(name: &str) -> Option<Hsl> {
        let name = name.trim().to_lowercase();
        NAMED
            .iter()
            .find(|(known, ..)| *known == name)
            .map(|&(_, hue, saturation, lightness)| Hsl {
                hue,
                saturation,
                lightness,
            })
    }

    pub fn rgb(self) -> Color {
        hsl(self.hue, self.saturation, self.lightness)
    }
}

pub(super) fn hsl(hue: f32, saturation: f32, lightness: f32) -> Color {
    let h = hue.rem_euclid(360.0) / 60.0;
    let lightness = lightness.clamp(0.0, 1.0);
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

pub(super) fn lerp(a: Color, b: Color, t: f32) -> Color {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

pub(super) fn darken(c: Color, factor: f32) -> Color {
    [c[0] * factor, c[1] * factor, c[2] * factor]
}

pub(super) fn to_byte(channel: f32) -> u8 {
    // Rounds like `round()` for these non-negative values, without its library call.
    (channel.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_names_are_found_without_case_or_spaces_around() {
        let navy = Hsl::named(" Navy ").unwrap().rgb();
        assert!(navy[2] > navy[0] + 0.1, "{navy:?}");
        assert!(Hsl::named("Sky Blue").is_some());
        assert_eq!(Hsl::named("Moonbeam"), None);
    }
}
