//! Writes a contact sheet of a demo picture of every garment:
//! `cargo run -p shop-images --example demo_sheet -- /tmp/demo-sheet.png [colour]`.

use shop_images::Garment;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = args.next().unwrap_or_else(|| "demo-sheet.png".into());
    let colour = args.next();
    let (w, h) = (200, 250);
    let columns = 5;
    let rows = Garment::ALL.len() as u32 / columns + 1;
    let mut sheet = image::RgbImage::new(w * columns, h * rows);
    for (seed, garment) in (0u32..).zip(Garment::ALL) {
        let started = std::time::Instant::now();
        let png = shop_images::demo_picture(garment, colour.as_deref(), seed);
        println!(
            "{garment:?}: {:.0} ms",
            started.elapsed().as_secs_f64() * 1000.0
        );
        let picture = image::load_from_memory(&png).expect("a demo picture decodes");
        let small = picture.thumbnail(w, h).to_rgb8();
        image::imageops::replace(
            &mut sheet,
            &small,
            i64::from(seed % columns * w),
            i64::from(seed / columns * h),
        );
    }
    sheet.save(&out).expect("the sheet is written");
    println!("{out}");
}
