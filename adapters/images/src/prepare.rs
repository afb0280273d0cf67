//! Turning uploaded bytes into the two JPEG files a product picture is stored as.

use domain::ports::ImageError;
use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbImage};
use std::io::Cursor;

/// Uploads above this size (5 MiB) are refused before any decoding.
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;
/// Pictures wider or taller than this are refused (decompression bombs).
pub const MAX_SIDE: u32 = 16_384;
/// Pictures with more pixels than this (50 megapixels, a phone's largest photo) are refused:
/// decoding one takes about 3 bytes a pixel.
pub const MAX_PIXELS: u64 = 50_000_000;
/// The most memory a decoded picture may take: 50 megapixels of 8-bit RGBA.
pub const MAX_DECODED_BYTES: u64 = MAX_PIXELS * 4;
/// The full-size picture fits within this many pixels each way.
pub const FULL_MAX_SIDE: u32 = 1200;
/// The thumbnail fits within this many pixels each way.
pub const THUMBNAIL_MAX_SIDE: u32 = 400;
/// JPEG quality of both stored files.
pub const JPEG_QUALITY: u8 = 82;

/// A checked, re-encoded picture: two baseline JPEGs without any metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedImage {
    /// Fitted within [`FULL_MAX_SIDE`] × [`FULL_MAX_SIDE`] (never enlarged).
    pub full: Vec<u8>,
    /// Fitted within [`THUMBNAIL_MAX_SIDE`] × [`THUMBNAIL_MAX_SIDE`] (never enlarged).
    pub thumbnail: Vec<u8>,
}

/// The megapixels decoding `bytes` will take (rounded up, at least 1), read from the
/// picture's header alone; 1 for anything unreadable, which `prepare` then refuses.
pub fn megapixels(bytes: &[u8]) -> u32 {
    let pixels = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .ok()
        .and_then(|reader| reader.into_dimensions().ok())
        .map_or(0, |(width, height)| u64::from(width) * u64::from(height));
    u32::try_from(pixels.div_ceil(1_000_000))
        .unwrap_or(u32::MAX)
        .max(1)
}

/// Checks that `bytes` are a PNG, JPEG, WebP or GIF picture (by content, never by name),
/// decodes it within limits, turns it upright according to its Exif orientation, flattens
/// transparency onto white and re-encodes a full size and a thumbnail as JPEG. Nothing of the
/// original file but its pixels survives: Exif, XMP, ICC and comments are dropped.
///
/// CPU-heavy: call it on a blocking thread.
pub fn prepare(bytes: &[u8]) -> Result<PreparedImage, ImageError> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(ImageError::TooLarge);
    }
    let picture = decode(bytes)?;
    let full = flatten_onto_white(fit_within(picture, FULL_MAX_SIDE));
    let thumbnail = match fit_within(DynamicImage::ImageRgb8(full.clone()), THUMBNAIL_MAX_SIDE) {
        DynamicImage::ImageRgb8(rgb) => rgb,
        other => other.to_rgb8(),
    };
    Ok(PreparedImage {
        full: encode_jpeg(&full)?,
        thumbnail: encode_jpeg(&thumbnail)?,
    })
}

fn decode(bytes: &[u8]) -> Result<DynamicImage, ImageError> {
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| ImageError::NotAnImage)?;
    match reader.format() {
        Some(ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP | ImageFormat::Gif) => {}
        _ => return Err(ImageError::NotAnImage),
    }
    let mut reader = reader;
    reader.limits(limits());
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(ImageError::NotAnImage);
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ImageError::TooManyPixels);
    }
    if width > MAX_SIDE || height > MAX_SIDE || decoder.total_bytes() > MAX_DECODED_BYTES {
        return Err(ImageError::TooLarge);
    }
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    picture.apply_orientation(orientation);
    Ok(picture)
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    limits
}

/// A picture beyond the limits is too large; anything else that fails to decode is not a
/// picture we accept.
fn refusal(error: image::ImageError) -> ImageError {
    match error {
        image::ImageError::Limits(_) => ImageError::TooLarge,
        _ => ImageError::NotAnImage,
    }
}

/// Scales down (never up) to fit within `max_side` × `max_side`, keeping the aspect ratio.
/// A picture more than twice that size is first averaged down to twice it: the filter's
/// working copy of a 36-megapixel photo alone would take 115 MB, the average's none.
fn fit_within(picture: DynamicImage, max_side: u32) -> DynamicImage {
    if picture.width() <= max_side && picture.height() <= max_side {
        return picture;
    }
    let near = 2 * max_side;
    let picture = if picture.width() > near || picture.height() > near {
        picture.thumbnail(near, near)
    } else {
        picture
    };
    picture.resize(max_side, max_side, FilterType::CatmullRom)
}

/// Drops the alpha channel, blending partly transparent pixels onto white.
fn flatten_onto_white(picture: DynamicImage) -> RgbImage {
    if !picture.color().has_alpha() {
        return picture.into_rgb8();
    }
    let rgba = picture.into_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let alpha = u16::from(a);
        let blend = |c: u8| ((u16::from(c) * alpha + 255 * (255 - alpha) + 127) / 255) as u8;
        image::Rgb([blend(r), blend(g), blend(b)])
    })
}

fn encode_jpeg(picture: &RgbImage) -> Result<Vec<u8>, ImageError> {
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
        .encode_image(picture)
        .map_err(|e| ImageError::Storage(format!("JPEG encoding failed: {e}")))?;
    Ok(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use image::codecs::gif::GifEncoder;
    use image::codecs::png::PngEncoder;
    use image::codecs::webp::WebPEncoder;
    use image::{ExtendedColorType, GenericImageView as _, ImageEncoder as _, Rgba, RgbaImage};

    pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
        let picture = RgbaImage::from_fn(width, height, |x, y| {
            Rgba([(x % 256) as u8, (y % 256) as u8, 128, 255])
        });
        let mut out = Vec::new();
        PngEncoder::new(&mut out)
            .write_image(picture.as_raw(), width, height, ExtendedColorType::Rgba8)
            .unwrap();
        out
    }

    fn jpeg_with_exif(width: u32, height: u32, exif: Option<Vec<u8>>) -> Vec<u8> {
        let picture = RgbImage::from_fn(width, height, |x, _| {
            if x < width / 2 {
                image::Rgb([200, 30, 30])
            } else {
                image::Rgb([30, 30, 200])
            }
        });
        let mut out = Vec::new();
        let mut encoder = JpegEncoder::new_with_quality(&mut out, 90);
        if let Some(exif) = exif {
            encoder.set_exif_metadata(exif).unwrap();
        }
        encoder
            .write_image(picture.as_raw(), width, height, ExtendedColorType::Rgb8)
            .unwrap();
        out
    }

    /// A little-endian TIFF block with an orientation entry, followed by text a leak test can
    /// look for.
    fn exif_block(orientation: u16, marker: &[u8]) -> Vec<u8> {
        let mut tiff = b"II*\0".to_vec();
        tiff.extend_from_slice(&8u32.to_le_bytes());
        tiff.extend_from_slice(&1u16.to_le_bytes());
        tiff.extend_from_slice(&0x0112u16.to_le_bytes()); // Orientation
        tiff.extend_from_slice(&3u16.to_le_bytes()); // SHORT
        tiff.extend_from_slice(&1u32.to_le_bytes());
        tiff.extend_from_slice(&orientation.to_le_bytes());
        tiff.extend_from_slice(&[0, 0]);
        tiff.extend_from_slice(&0u32.to_le_bytes()); // no next IFD
        tiff.extend_from_slice(marker);
        tiff
    }

    fn decoded(jpeg: &[u8]) -> DynamicImage {
        assert_eq!(image::guess_format(jpeg).unwrap(), ImageFormat::Jpeg);
        image::load_from_memory_with_format(jpeg, ImageFormat::Jpeg).unwrap()
    }

    fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    /// A PNG that only declares its size: no real pixel data follows.
    fn png_header_only(width: u32, height: u32, bit_depth: u8, color_type: u8) -> Vec<u8> {
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut chunk = |kind: &[u8], data: &[u8]| {
            out.extend_from_slice(&(data.len() as u32).to_be_bytes());
            let mut body = kind.to_vec();
            body.extend_from_slice(data);
            out.extend_from_slice(&body);
            out.extend_from_slice(&crc32(&body).to_be_bytes());
        };
        let mut ihdr = width.to_be_bytes().to_vec();
        ihdr.extend_from_slice(&height.to_be_bytes());
        ihdr.extend_from_slice(&[bit_depth, color_type, 0, 0, 0]);
        chunk(b"IHDR", &ihdr);
        chunk(b"IDAT", &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
        chunk(b"IEND", &[]);
        out
    }

    #[test]
    fn a_large_transparent_png_is_fitted_and_flattened_onto_white() {
        let picture = RgbaImage::from_fn(1300, 520, |x, _| {
            if x < 650 {
                Rgba([0, 0, 0, 0])
            } else {
                Rgba([220, 20, 20, 255])
            }
        });
        let mut bytes = Vec::new();
        PngEncoder::new(&mut bytes)
            .write_image(picture.as_raw(), 1300, 520, ExtendedColorType::Rgba8)
            .unwrap();

        let prepared = prepare(&bytes).unwrap();
        let full = decoded(&prepared.full);
        let thumbnail = decoded(&prepared.thumbnail);
        assert_eq!(full.dimensions(), (1200, 480));
        assert_eq!(thumbnail.dimensions(), (400, 160));
        assert!(!full.color().has_alpha());
        let white = full.to_rgb8().get_pixel(100, 240).0;
        assert!(white.iter().all(|&c| c >= 245), "{white:?}");
        let red = full.to_rgb8().get_pixel(1100, 240).0;
        assert!(red[0] > 190 && red[1] < 60 && red[2] < 60, "{red:?}");
    }

    #[test]
    fn a_pictures_megapixels_come_from_its_header() {
        assert_eq!(megapixels(&png(2000, 1500)), 3);
        assert_eq!(megapixels(&png(10, 10)), 1);
        assert_eq!(megapixels(b"not a picture"), 1);
    }

    #[test]
    fn a_phone_photo_of_fifty_megapixels_is_taken() {
        // 8160 x 6120, the size of a 50-megapixel phone camera's photos.
        let photo = RgbImage::from_fn(8160, 6120, |x, y| {
            image::Rgb([(x / 32) as u8, (y / 24) as u8, 90])
        });
        let mut bytes = Vec::new();
        JpegEncoder::new_with_quality(&mut bytes, 40)
            .encode_image(&photo)
            .unwrap();
        assert!(bytes.len() <= MAX_UPLOAD_BYTES, "{} bytes", bytes.len());
        let prepared = prepare(&bytes).unwrap();
        assert_eq!(decoded(&prepared.full).dimensions(), (1200, 900));
        assert_eq!(decoded(&prepared.thumbnail).dimensions(), (400, 300));
    }

    #[test]
    fn a_tall_picture_keeps_its_aspect_ratio() {
        let prepared = prepare(&png(500, 1250)).unwrap();
        assert_eq!(decoded(&prepared.full).dimensions(), (480, 1200));
        assert_eq!(decoded(&prepared.thumbnail).dimensions(), (160, 400));
    }

    #[test]
    fn a_small_picture_is_never_enlarged() {
        let prepared = prepare(&jpeg_with_exif(300, 200, None)).unwrap();
        assert_eq!(decoded(&prepared.full).dimensions(), (300, 200));
        assert_eq!(decoded(&prepared.thumbnail).dimensions(), (300, 200));
        let prepared = prepare(&png(600, 500)).unwrap();
        assert_eq!(decoded(&prepared.full).dimensions(), (600, 500));
        assert_eq!(decoded(&prepared.thumbnail).dimensions(), (400, 333));
    }

    #[test]
    fn webp_and_gif_are_accepted() {
        let picture = RgbaImage::from_pixel(64, 48, Rgba([10, 120, 200, 255]));
        let mut webp = Vec::new();
        WebPEncoder::new_lossless(&mut webp)
            .write_image(picture.as_raw(), 64, 48, ExtendedColorType::Rgba8)
            .unwrap();
        let mut gif = Vec::new();
        GifEncoder::new(&mut gif)
            .encode(picture.as_raw(), 64, 48, ExtendedColorType::Rgba8)
            .unwrap();
        for bytes in [webp, gif] {
            let prepared = prepare(&bytes).unwrap();
            let full = decoded(&prepared.full);
            assert_eq!(full.dimensions(), (64, 48));
            let [r, g, b] = full.to_rgb8().get_pixel(32, 24).0;
            assert!(r < 40 && (100..140).contains(&g) && b > 180, "{r} {g} {b}");
        }
    }

    #[test]
    fn things_that_are_not_pictures_are_refused() {
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>"#;
        let html = b"<!DOCTYPE html><html><body><img src=x onerror=alert(1)></body></html>";
        let mut random = vec![0u8; 4096];
        let mut state = 0x1234_5678u32;
        for byte in &mut random {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            *byte = state as u8;
        }
        let bmp = {
            let mut bmp = b"BM".to_vec();
            bmp.extend_from_slice(&[0; 60]);
            bmp
        };
        let truncated_png = png(50, 50)[..60].to_vec();
        let mut png_named_text = b"hello, I am a .png".to_vec();
        png_named_text.extend_from_slice(&png(4, 4));
        for bytes in [
            svg.to_vec(),
            html.to_vec(),
            random,
            Vec::new(),
            b"GIF8".to_vec(),
            bmp,
            truncated_png,
            png_named_text,
            vec![0u8; MAX_UPLOAD_BYTES],
        ] {
            assert_eq!(
                prepare(&bytes),
                Err(ImageError::NotAnImage),
                "{:?}",
                String::from_utf8_lossy(&bytes[..bytes.len().min(40)])
            );
        }
    }

    #[test]
    fn more_than_five_megabytes_is_too_large() {
        let mut bytes = png(10, 10);
        bytes.resize(5 * 1024 * 1024 + 1, 0);
        assert_eq!(prepare(&bytes), Err(ImageError::TooLarge));
    }

    #[test]
    fn oversized_dimensions_are_refused_before_decoding() {
        assert_eq!(prepare(&png(16_385, 2)), Err(ImageError::TooLarge));
        assert_eq!(prepare(&png(2, 16_385)), Err(ImageError::TooLarge));
        // A decompression bomb: a tiny file declaring 7000 x 7000 RGBA at 16 bits (392 MB).
        let bomb = png_header_only(7000, 7000, 16, 6);
        assert!(bomb.len() < 100);
        assert_eq!(prepare(&bomb), Err(ImageError::TooLarge));
        // More than 50 megapixels, whatever the depth.
        assert_eq!(
            prepare(&png_header_only(10_000, 5_001, 8, 2)),
            Err(ImageError::TooManyPixels)
        );
        // The same header declaring a modest size is read, then refused for its missing data.
        assert_eq!(
            prepare(&png_header_only(100, 100, 8, 6)),
            Err(ImageError::NotAnImage)
        );
    }

    #[test]
    fn exif_and_other_metadata_are_dropped_and_orientation_applied() {
        let marker = b"GPS 2.0469N 45.3182E owner's phone";
        let original = jpeg_with_exif(300, 200, Some(exif_block(6, marker)));
        assert!(
            contains(&original, b"Exif\0\0"),
            "the test JPEG must carry Exif"
        );
        assert!(contains(&original, marker));

        let prepared = prepare(&original).unwrap();
        for output in [&prepared.full, &prepared.thumbnail] {
            assert!(!contains(output, b"Exif"));
            assert!(!contains(output, marker));
            assert!(
                !contains(output, &[0xFF, 0xE1]),
                "no APP1 segment may remain"
            );
        }
        // Orientation 6 means "rotate 90 degrees clockwise to view": the upright picture is
        // 200 x 300, red on top.
        let full = decoded(&prepared.full).to_rgb8();
        assert_eq!(full.dimensions(), (200, 300));
        let top = full.get_pixel(100, 40).0;
        let bottom = full.get_pixel(100, 260).0;
        assert!(top[0] > 150 && top[2] < 90, "{top:?}");
        assert!(bottom[2] > 150 && bottom[0] < 90, "{bottom:?}");
    }

    #[test]
    fn png_text_chunks_do_not_survive() {
        let mut bytes = png(20, 20);
        // Insert a tEXt chunk right after IHDR (8 signature bytes + 25 IHDR bytes).
        let mut text = Vec::new();
        let data = b"Comment\0secret-author-name";
        text.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut body = b"tEXt".to_vec();
        body.extend_from_slice(data);
        text.extend_from_slice(&body);
        text.extend_from_slice(&crc32(&body).to_be_bytes());
        bytes.splice(33..33, text);
        assert!(image::load_from_memory(&bytes).is_ok());
        let prepared = prepare(&bytes).unwrap();
        assert!(!contains(&prepared.full, b"secret-author-name"));
    }
}
