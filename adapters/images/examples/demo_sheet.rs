//! Writes a contact sheet of twelve demo pictures:
//! `cargo run -p shop-images --example demo_sheet -- /tmp/demo-sheet.png`.

fn main() {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "demo-sheet.png".into());
    let (w, h) = (200, 250);
    let mut sheet = image::RgbImage::new(w * 4, h * 3);
    for seed in 0..12u32 {
        let png = shop_images::demo_picture(seed, None);
        let picture = image::load_from_memory(&png).expect("a demo picture decodes");
        let small = picture.thumbnail(w, h).to_rgb8();
        image::imageops::replace(
            &mut sheet,
            &small,
            i64::from(seed % 4 * w),
            i64::from(seed / 4 * h),
        );
    }
    sheet.save(&out).expect("the sheet is written");
    println!("{out}");
}
