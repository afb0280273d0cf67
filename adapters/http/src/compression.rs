//! Bodies compressed once and sent many times, and the encoding a request takes.
//!
//! The `Compress` middleware compresses a reply again for every request: for the whole
//! catalogue's list at 10,000 products (11 MB of JSON) that is most of what a request costs,
//! and a few clients asking for it in a loop kept both cores busy (issue 38). A body sent
//! again and again is therefore compressed here, once per encoding, and kept compressed by
//! whoever keeps the body (the catalogue's replies, `catalog_cache`); the built assets come
//! compressed from the build (`precompressed`).
//!
//! The encodings offered are those `Compress` speaks (`ENCODINGS`): whatever a client takes
//! most gladly, the reply either leaves here encoded, which `Compress` leaves alone, or the
//! client prefers the body as it is, as `Compress` then finds too. No client can make the
//! shop compress a kept body again by asking for an encoding it does not keep.

use actix_web::http::header::{AcceptEncoding, ContentEncoding, Encoding, Header as _};
use actix_web::web::{self, Bytes};
use actix_web::HttpRequest;
use std::io::{self, Write as _};

/// Every encoding `Compress` speaks (actix-web's `compress-brotli`, `-gzip` and `-zstd`
/// features, on by default), so that it never has one to add.
pub(crate) const ENCODINGS: [ContentEncoding; 4] = [
    ContentEncoding::Brotli,
    ContentEncoding::Zstd,
    ContentEncoding::Gzip,
    ContentEncoding::Deflate,
];

/// Levels for a body compressed once, by the first request that takes the encoding (the
/// others taking it meanwhile wait for it). Measured on the whole catalogue's list at 10,000
/// products (11.2 MB) on this machine's two cores, busy with other work: Brotli 5 takes 0.4 s
/// and makes 1.86 MB, 18 % less than `Compress`'s quality 3 (2.26 MB in 0.1 s); 6 took 0.6 s
/// for 2 % less, 9 over a second. zstd 6: 0.1 s, 1.94 MB (3: 2.11 MB); gzip 6: 0.1 s, 2.19 MB
/// (1: 3.42 MB; 9 was no smaller).
const BROTLI_QUALITY: u32 = 5;
/// `Compress`'s own window: 4 MB, what browsers decode with little memory.
const BROTLI_WINDOW_BITS: u32 = 22;
const ZSTD_LEVEL: i32 = 6;
const ZLIB_LEVEL: u32 = 6;

/// The encoding among `offered` the request's `Accept-Encoding` takes most gladly, quality
/// values included; `None` when it prefers the body as it is, or sends no such header.
pub(crate) fn preferred(
    req: &HttpRequest,
    offered: impl IntoIterator<Item = ContentEncoding>,
) -> Option<ContentEncoding> {
    let accepted = AcceptEncoding::parse(req).ok()?;
    let offered: Vec<Encoding> = offered
        .into_iter()
        .chain([ContentEncoding::Identity])
        .map(Encoding::Known)
        .collect();
    match accepted.negotiate(offered.iter())? {
        Encoding::Known(ContentEncoding::Identity) | Encoding::Unknown(_) => None,
        Encoding::Known(encoding) => Some(encoding),
    }
}

/// `body` in `encoding`, compressed on a blocking thread: a large body takes a good part of a
/// second, which would stall every request of the worker.
pub(crate) async fn compress(body: Bytes, encoding: ContentEncoding) -> io::Result<Bytes> {
    web::block(move || compressed(&body, encoding))
        .await
        .map_err(io::Error::other)?
        .map(Bytes::from)
}

fn compressed(body: &[u8], encoding: ContentEncoding) -> io::Result<Vec<u8>> {
    match encoding {
        ContentEncoding::Brotli => {
            let params = brotli::enc::BrotliEncoderParams {
                quality: BROTLI_QUALITY as i32,
                lgwin: BROTLI_WINDOW_BITS as i32,
                size_hint: body.len(),
                ..Default::default()
            };
            let mut out = Vec::with_capacity(body.len() / 8);
            brotli::BrotliCompress(&mut &body[..], &mut out, &params)?;
            Ok(out)
        }
        ContentEncoding::Zstd => zstd::bulk::compress(body, ZSTD_LEVEL),
        ContentEncoding::Gzip => {
            let level = flate2::Compression::new(ZLIB_LEVEL);
            let mut encoder = flate2::write::GzEncoder::new(Vec::new(), level);
            encoder.write_all(body)?;
            encoder.finish()
        }
        ContentEncoding::Deflate => {
            let level = flate2::Compression::new(ZLIB_LEVEL);
            let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), level);
            encoder.write_all(body)?;
            encoder.finish()
        }
        other => Err(io::Error::other(format!(
            "no encoder for {}",
            other.as_str()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;
    use std::io::Read as _;

    fn chosen(accept_encoding: Option<&str>) -> Option<ContentEncoding> {
        let mut req = TestRequest::default();
        if let Some(value) = accept_encoding {
            req = req.insert_header(("Accept-Encoding", value));
        }
        preferred(&req.to_http_request(), ENCODINGS)
    }

    #[test]
    fn the_encoding_is_the_one_the_client_takes_most_gladly() {
        for (header, encoding) in [
            (None, None),
            (Some(""), None),
            (Some("br, gzip"), Some(ContentEncoding::Brotli)),
            (
                Some("gzip, deflate, br, zstd"),
                Some(ContentEncoding::Brotli),
            ),
            (Some("br;q=0.5, gzip"), Some(ContentEncoding::Gzip)),
            (Some("br;q=0, gzip;q=0.1"), Some(ContentEncoding::Gzip)),
            (Some("zstd"), Some(ContentEncoding::Zstd)),
            (Some("deflate"), Some(ContentEncoding::Deflate)),
            (Some("gzip;q=0.5, identity"), None),
            (Some("identity"), None),
            (Some("compress, x-unknown"), None),
        ] {
            assert_eq!(chosen(header), encoding, "{header:?}");
        }
    }

    #[test]
    fn only_the_offered_encodings_are_chosen() {
        let req = TestRequest::default()
            .insert_header(("Accept-Encoding", "zstd, gzip;q=0.5"))
            .to_http_request();
        assert_eq!(
            preferred(&req, [ContentEncoding::Brotli, ContentEncoding::Gzip]),
            Some(ContentEncoding::Gzip)
        );
    }

    fn decoded(body: &[u8], encoding: ContentEncoding) -> Vec<u8> {
        let mut out = Vec::new();
        match encoding {
            ContentEncoding::Brotli => brotli::Decompressor::new(body, 4096)
                .read_to_end(&mut out)
                .map(drop),
            ContentEncoding::Zstd => zstd::stream::copy_decode(body, &mut out),
            ContentEncoding::Gzip => flate2::read::GzDecoder::new(body)
                .read_to_end(&mut out)
                .map(drop),
            _ => flate2::read::ZlibDecoder::new(body)
                .read_to_end(&mut out)
                .map(drop),
        }
        .expect("a valid stream");
        out
    }

    #[actix_web::test]
    async fn every_encoding_gives_back_the_body_smaller() {
        let body = Bytes::from(r#"{"name":"Red dress","price":25},"#.repeat(500));
        for encoding in ENCODINGS {
            let packed = compress(body.clone(), encoding).await.unwrap();
            let name = encoding.as_str();
            assert!(packed.len() < body.len() / 10, "{name}");
            assert_eq!(decoded(&packed, encoding), body, "{name}");
        }
    }
}
