(module
  (memory (export "memory") 1)
  ;; dots(query, codes, count, stride, out): out[i] = the int32 dot product of the int8 query (stride bytes at
  ;; `query`) with the i-th int8 vector (stride bytes each from `codes`); stride is a multiple of 16.
  (func (export "dots") (param $query i32) (param $codes i32) (param $count i32) (param $stride i32) (param $out i32)
    (local $i i32) (local $k i32) (local $row i32) (local $acc v128) (local $q v128) (local $c v128)
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $k (i32.const 0))
        (block $end
          (loop $cols
            (br_if $end (i32.ge_u (local.get $k) (local.get $stride)))
            (local.set $q (v128.load (i32.add (local.get $query) (local.get $k))))
            (local.set $c (v128.load (i32.add (local.get $row) (i32.add (local.get $codes) (local.get $k)))))
            (local.set $acc (i32x4.add (local.get $acc)
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $q)) (i16x8.extend_low_i8x16_s (local.get $c)))))
            (local.set $acc (i32x4.add (local.get $acc)
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $q)) (i16x8.extend_high_i8x16_s (local.get $c)))))
            (local.set $k (i32.add (local.get $k) (i32.const 16)))
            (br $cols)))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
            (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (local.set $row (i32.add (local.get $row) (local.get $stride)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rows)))))
